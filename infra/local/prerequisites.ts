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

export function assertPrerequisites(needs: { java?: boolean; chromium?: boolean }): void {
  const problems = [needs.java ? javaProblem() : null, needs.chromium ? chromiumProblem() : null].filter(Boolean);
  if (problems.length) {
    console.error(`\nMissing prerequisites:\n\n${problems.join('\n\n')}\n`);
    process.exit(1);
  }
}
