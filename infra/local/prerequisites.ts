import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Java 17+ runs DynamoDB Local. Returns a message saying what to install, or null when fine. */
export function javaProblem(): string | null {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (out.error || out.status !== 0) {
    return 'Java 17 or newer is required to run DynamoDB Local, and `java` was not found.\n' +
      '  Install it, for example: sudo apt-get install -y openjdk-17-jre-headless';
  }
  const text = `${out.stderr}${out.stdout}`;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : 0;
  if (major < 17) {
    return `Java 17 or newer is required to run DynamoDB Local; found Java ${major || 'of unknown version'}.\n` +
      '  Install a newer one, for example: sudo apt-get install -y openjdk-17-jre-headless';
  }
  return null;
}

/** Chromium runs the browser tests and the dashboard benchmark. */
export function chromiumProblem(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  return `Chromium is required for the browser tests and was not found at ${CHROMIUM_PATH}.\n` +
    '  Install it, for example: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)';
}

/**
 * LibreOffice (headless `soffice`) and poppler's `pdftotext` check that exported files open and read
 * (test/integration/exports-fidelity.test.ts). Debian packages that provide them without a desktop:
 */
export const OFFICE_PACKAGES = ['libreoffice-writer-nogui', 'libreoffice-impress-nogui', 'poppler-utils'] as const;
const OFFICE_TOOLS = ['soffice', 'pdftotext'] as const;

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** The office tools missing from this machine. */
export const missingOfficeTools = (): string[] => OFFICE_TOOLS.filter((t) => !onPath(t));

/**
 * Installs LibreOffice and poppler with apt-get when they are missing and this process may (it runs as root,
 * as in CI containers); otherwise says what to install. Returns a problem, or null when they are there.
 */
export function officeProblem(opts: { install?: boolean } = {}): string | null {
  let missing = missingOfficeTools();
  if (!missing.length) return null;
  if (opts.install && process.getuid?.() === 0 && onPath('apt-get')) {
    console.log(`Installing ${OFFICE_PACKAGES.join(', ')} (missing: ${missing.join(', ')})`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...OFFICE_PACKAGES], { stdio: 'inherit', env });
    missing = missingOfficeTools();
    if (!missing.length) return null;
  }
  return `LibreOffice and poppler are required for the export fidelity tests, and ${missing.join(' and ')} ${missing.length === 1 ? 'was' : 'were'} not found.\n` +
    `  Install them, for example: sudo apt-get install -y --no-install-recommends ${OFFICE_PACKAGES.join(' ')}`;
}

export function assertPrerequisites(needs: { java?: boolean; chromium?: boolean; office?: boolean }): void {
  const problems = [needs.java ? javaProblem() : null, needs.chromium ? chromiumProblem() : null, needs.office ? officeProblem({ install: true }) : null].filter(Boolean);
  if (problems.length) {
    console.error(`\nMissing prerequisites:\n\n${problems.join('\n\n')}\n`);
    process.exit(1);
  }
}
