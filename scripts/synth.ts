/**
 * `npm run synth [-- cdk options]`: builds the assets, then `cdk synth`. Offline, no credentials.
 * A deploy must say which email domains may register (or opt in to open sign-up); to check synthesis
 * without one, this passes the placeholder `example.com` and says so.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const given = (key: string, env: string) => args.some((a) => a.startsWith(`${key}=`)) || Boolean(process.env[env]);
if (!given('allowedEmailDomains', 'ALLOWED_EMAIL_DOMAINS') && !given('openSignUp', 'OPEN_SIGN_UP')) {
  console.log('note: no allowedEmailDomains given; synthesizing with the placeholder example.com (a deploy must set its own)');
  args.push('-c', 'allowedEmailDomains=example.com');
}
const cdk = resolve(ROOT, 'node_modules/aws-cdk/bin/cdk');
const run = spawnSync(process.execPath, [cdk, 'synth', '--quiet', ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
});
process.exit(run.status ?? 1);
