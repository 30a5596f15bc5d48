import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What `npm start` and `npm test` need beyond node_modules, and how they get it: when something is missing they
 * install it with apt-get if this process may (it runs as root, or `sudo -n` works: passwordless sudo), and
 * otherwise print the one command that installs it. The decisions are plain functions (tested in
 * test/unit/prerequisites.test.ts); only `systemFacts` and `runInstall` touch the machine.
 */

/** How this process may install system packages. */
export type Privilege = 'root' | 'sudo' | 'none';

export interface SystemFacts {
  privilege: Privilege;
  /** apt-get is on the PATH (Debian, Ubuntu) */
  hasApt: boolean;
  /** apt knows an installable version of this package */
  aptHas(pkg: string): boolean;
}

/** Java for DynamoDB Local: Debian 12's OpenJDK 17, else the distribution's default JRE (17 or newer since Debian 12). */
export const JAVA_PACKAGES = ['openjdk-17-jre-headless', 'default-jre-headless'] as const;
export const CHROMIUM_PACKAGES = ['chromium'] as const;
/**
 * LibreOffice (headless `soffice`) and poppler's `pdftotext` check that exported files open and read
 * (test/integration/exports-fidelity.test.ts). Debian packages that provide them without a desktop:
 */
export const OFFICE_PACKAGES = ['libreoffice-writer-nogui', 'libreoffice-impress-nogui', 'poppler-utils'] as const;
const OFFICE_TOOLS = ['soffice', 'pdftotext'] as const;

/** The first candidate apt can install, or the first one when apt knows none (the advice names it). */
export function choosePackage(candidates: readonly string[], aptHas: (pkg: string) => boolean): string {
  return candidates.find((c) => aptHas(c)) ?? candidates[0]!;
}

/** The one command a person runs to install these packages. */
export function installAdvice(packages: readonly string[]): string {
  return `sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/** The commands this process runs itself, or null when it may not (then it prints installAdvice). */
export function installCommands(packages: readonly string[], facts: Pick<SystemFacts, 'privilege' | 'hasApt'>): string[][] | null {
  if (!facts.hasApt || facts.privilege === 'none' || !packages.length) return null;
  const sudo = facts.privilege === 'sudo' ? ['sudo', '-n'] : [];
  return [
    [...sudo, 'apt-get', 'update', '-qq'],
    [...sudo, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
  ];
}

/** The Java major version in `java -version` output (1.8 → 8), 0 when unreadable. */
export function javaMajor(versionOutput: string): number {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match) return 0;
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

let facts: SystemFacts | undefined;
/** This machine, asked once. */
function systemFacts(): SystemFacts {
  if (facts) return facts;
  const privilege: Privilege =
    process.getuid?.() === 0 ? 'root' : onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? 'sudo' : 'none';
  const hasApt = onPath('apt-get');
  const known = new Map<string, boolean>();
  const aptHas = (pkg: string) => {
    if (!hasApt) return false;
    if (!known.has(pkg)) {
      const out = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' });
      const candidate = /Candidate:\s*(\S+)/.exec(out.stdout ?? '')?.[1];
      known.set(pkg, out.status === 0 && !!candidate && candidate !== '(none)');
    }
    return known.get(pkg)!;
  };
  facts = { privilege, hasApt, aptHas };
  return facts;
}

/** Something missing: what is wrong and the packages that provide it (none: the person must act, e.g. a path). */
export interface Missing {
  problem: string;
  packages: readonly string[];
}

/**
 * What to do about everything missing: the commands this process runs itself (null when it may not), and the
 * message with the one command a person runs (shown when it may not install, or when installing did not help).
 */
export function planInstall(missing: readonly Missing[], facts: Pick<SystemFacts, 'privilege' | 'hasApt'>): { commands: string[][] | null; message: string | null } {
  if (!missing.length) return { commands: null, message: null };
  const packages = [...new Set(missing.flatMap((m) => m.packages))];
  const advice = packages.length ? `\n\nInstall ${packages.length > 1 ? 'them' : 'it'} with:\n  ${installAdvice(packages)}` : '';
  return {
    commands: installCommands(packages, facts),
    message: `Missing prerequisites:\n\n${missing.map((m) => `- ${m.problem}`).join('\n')}${advice}`,
  };
}

/**
 * Installs what `check` finds missing when this process may: apt-get update first (a fresh machine's package
 * lists may be empty), then the packages chosen from the updated lists. True when it ran (check again).
 */
function runInstall(check: () => Missing[]): boolean {
  const missing = check();
  const first = planInstall(missing, systemFacts()).commands;
  if (!first) return false;
  console.log(`Installing what is missing:\n${missing.map((m) => `  - ${m.problem}`).join('\n')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = ([command, ...args]: string[]) => spawnSync(command!, args, { stdio: 'inherit', env });
  run(first[0]!);
  facts = undefined; // apt knows more packages now
  const install = planInstall(check(), systemFacts()).commands;
  if (install) run(install[1]!);
  return true;
}

/** Java 17+ runs DynamoDB Local. */
function javaMissing(): Missing | null {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const packages = () => [choosePackage(JAVA_PACKAGES, (pkg) => systemFacts().aptHas(pkg))];
  if (out.error || out.status !== 0) return { problem: 'Java 17 or newer is required to run DynamoDB Local, and `java` was not found.', packages: packages() };
  const major = javaMajor(`${out.stderr}${out.stdout}`);
  if (major < 17) return { problem: `Java 17 or newer is required to run DynamoDB Local; found Java ${major || 'of unknown version'}.`, packages: packages() };
  return null;
}

/** Chromium runs the browser tests and the benchmarks that use a browser. */
function chromiumMissing(): Missing | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  // Debian's package puts it at the default path; a CHROMIUM_PATH of one's own is one's own to fix
  return {
    problem: `Chromium is required for the browser tests and was not found at ${CHROMIUM_PATH}${process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ' (or set CHROMIUM_PATH)'}.`,
    packages: process.env.CHROMIUM_PATH ? [] : CHROMIUM_PACKAGES,
  };
}

/** The office tools missing from this machine. */
const missingOfficeTools = (): string[] => OFFICE_TOOLS.filter((t) => !onPath(t));

/** LibreOffice and poppler check that exported files open and read. */
function officeMissing(): Missing | null {
  const missing = missingOfficeTools();
  if (!missing.length) return null;
  return {
    problem: `LibreOffice and poppler are required for the export fidelity tests, and ${missing.join(' and ')} ${missing.length === 1 ? 'was' : 'were'} not found.`,
    packages: OFFICE_PACKAGES,
  };
}

/** pandoc renders the reference exports the exports benchmark compares ours with. */
function pandocMissing(): Missing | null {
  return onPath('pandoc') ? null : { problem: 'pandoc is required for the exports benchmark and was not found.', packages: ['pandoc'] };
}

/** Checks, installs what is missing when this process may, checks again: the message left, or null when all is there. */
function ensure(checks: (() => Missing | null)[], install: boolean): string | null {
  const check = () => checks.map((c) => c()).filter((m): m is Missing => m !== null);
  let missing = check();
  if (missing.length && install && runInstall(check)) missing = check();
  return missing.length ? planInstall(missing, systemFacts()).message : null;
}

/**
 * Used by `npm start`, `npm test`, the benchmarks and the test stacks: installs everything missing in one
 * apt-get run when this process may (root, or passwordless sudo), otherwise prints the one command and exits.
 */
export function assertPrerequisites(needs: { java?: boolean; chromium?: boolean; office?: boolean; pandoc?: boolean }): void {
  const checks = [needs.java ? javaMissing : null, needs.chromium ? chromiumMissing : null, needs.office ? officeMissing : null, needs.pandoc ? pandocMissing : null].filter(
    (c): c is () => Missing | null => c !== null,
  );
  const message = ensure(checks, true);
  if (message) {
    console.error(`\n${message}\n`);
    process.exit(1);
  }
}
