import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_PACKAGES,
  JAVA_PACKAGES,
  OFFICE_PACKAGES,
  choosePackage,
  installAdvice,
  installCommands,
  javaMajor,
  planInstall,
  type Missing,
} from '../../infra/local/prerequisites';

const java: Missing = { problem: 'Java 17 or newer is required to run DynamoDB Local, and `java` was not found.', packages: ['openjdk-17-jre-headless'] };
const chromium: Missing = { problem: 'Chromium is required for the browser tests and was not found at /usr/bin/chromium (or set CHROMIUM_PATH).', packages: CHROMIUM_PACKAGES };

describe('which Java package', () => {
  it('takes OpenJDK 17 when apt has it (Debian 12)', () => {
    expect(choosePackage(JAVA_PACKAGES, () => true)).toBe('openjdk-17-jre-headless');
  });
  it('falls back to the default JRE where OpenJDK 17 is gone (Debian 13 has 21)', () => {
    expect(choosePackage(JAVA_PACKAGES, (pkg) => pkg === 'default-jre-headless')).toBe('default-jre-headless');
  });
  it('names OpenJDK 17 when apt knows neither (empty package lists on a fresh machine)', () => {
    expect(choosePackage(JAVA_PACKAGES, () => false)).toBe('openjdk-17-jre-headless');
  });
});

describe('the Java version DynamoDB Local needs', () => {
  it.each([
    ['openjdk version "17.0.15" 2025-04-15', 17],
    ['openjdk version "21" 2023-09-19', 21],
    ['java version "1.8.0_392"', 8],
    ['openjdk version "11.0.21" 2023-10-17', 11],
    ['something else', 0],
  ])('reads %s as %i', (output, major) => {
    expect(javaMajor(output)).toBe(major);
  });
});

describe('installing what is missing', () => {
  it('runs apt-get itself as root: update, then one install of every package', () => {
    expect(installCommands(['openjdk-17-jre-headless', 'chromium'], { privilege: 'root', hasApt: true })).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'openjdk-17-jre-headless', 'chromium'],
    ]);
  });

  it('runs it through sudo -n with passwordless sudo', () => {
    expect(installCommands(['chromium'], { privilege: 'sudo', hasApt: true })).toEqual([
      ['sudo', '-n', 'apt-get', 'update', '-qq'],
      ['sudo', '-n', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
    ]);
  });

  it('runs nothing without root or passwordless sudo, or without apt', () => {
    expect(installCommands(['chromium'], { privilege: 'none', hasApt: true })).toBeNull();
    expect(installCommands(['chromium'], { privilege: 'root', hasApt: false })).toBeNull();
    expect(installCommands([], { privilege: 'root', hasApt: true })).toBeNull();
  });

  it('prints the one command to run, with every missing package once', () => {
    const plan = planInstall([java, chromium, { problem: 'LibreOffice …', packages: OFFICE_PACKAGES }, { problem: 'again', packages: ['chromium'] }], { privilege: 'none', hasApt: true });
    expect(plan.commands).toBeNull();
    expect(plan.message).toContain(`- ${java.problem}\n- ${chromium.problem}`);
    expect(plan.message).toMatch(/Install them with:\n {2}sudo apt-get install -y --no-install-recommends openjdk-17-jre-headless chromium libreoffice-writer-nogui libreoffice-impress-nogui poppler-utils$/);
    expect(installAdvice(['chromium'])).toBe('sudo apt-get install -y --no-install-recommends chromium');
  });

  it('plans the install and keeps the message for when installing does not help', () => {
    const plan = planInstall([java], { privilege: 'sudo', hasApt: true });
    expect(plan.commands?.[1]).toEqual(['sudo', '-n', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'openjdk-17-jre-headless']);
    expect(plan.message).toMatch(/Install it with:\n {2}sudo apt-get install -y --no-install-recommends openjdk-17-jre-headless$/);
  });

  it('offers no command for what no package fixes (a CHROMIUM_PATH of one\'s own)', () => {
    const plan = planInstall([{ problem: 'Chromium … not found at /opt/chrome (CHROMIUM_PATH).', packages: [] }], { privilege: 'root', hasApt: true });
    expect(plan.commands).toBeNull();
    expect(plan.message).toBe('Missing prerequisites:\n\n- Chromium … not found at /opt/chrome (CHROMIUM_PATH).');
  });

  it('says nothing when nothing is missing', () => {
    expect(planInstall([], { privilege: 'root', hasApt: true })).toEqual({ commands: null, message: null });
  });
});
