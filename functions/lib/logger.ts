/**
 * Structured logs: one JSON object per line, written straight to stdout/stderr (not through console,
 * so the Lambda runtime adds no prefix and CloudWatch Logs Insights reads every field). Each line carries
 * the request id and the route of the invocation it belongs to.
 *
 * That context lives in AsyncLocalStorage, not in a module variable: the local gateway runs many invocations
 * of one handler at once in one process, and every line must name its own request, not the last one to start.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = order[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? order.info;
const service = process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'assay-local';

const context = new AsyncLocalStorage<Fields>();

function write(level: Level, message: string, fields: Fields = {}): void {
  if (order[level] < threshold) return;
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, message, service, ...context.getStore(), ...fields })}\n`;
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
}

/**
 * The security events, one structured line each (`"security": true`, `event`, and the request's `user`, `client`
 * address and `requestId` from the context). CloudWatch metric filters count some of them (monitoring stack):
 * `signin.failure` and `signin.locked` raise the failed sign-ins alarm.
 */
export type SecurityEvent =
  | 'signin.success'
  | 'signin.failure'
  | 'signin.locked'
  | 'signin.refused'
  | 'reset.requested'
  | 'reset.used'
  | 'reset.failed'
  | 'signout'
  | 'signout.everywhere'
  | 'account.confirmed'
  | 'account.deactivated'
  | 'admin.action'
  | 'access.denied'
  | 'session.refused'
  | 'limit.exceeded';

export const logger = {
  debug: (m: string, f?: Fields) => write('debug', m, f),
  info: (m: string, f?: Fields) => write('info', m, f),
  warn: (m: string, f?: Fields) => write('warn', m, f),
  error: (m: string, f?: Fields) => write('error', m, f),
  /** A security event (warn for refusals and failures, info otherwise), with the request's user, client and id. */
  security(event: SecurityEvent, fields: Fields = {}): void {
    const level: Level = /failure|locked|refused|denied|failed|exceeded/.test(event) ? 'warn' : 'info';
    write(level, 'security event', { security: true, event, user: context.getStore()?.user ?? null, client: context.getStore()?.client ?? null, ...fields });
  },
  /** Runs `fn` with `fields` added to every line written inside it (and in all the work it starts), whatever else runs at the same time. */
  withContext<T>(fields: Fields, fn: () => T): T {
    return context.run({ ...context.getStore(), ...fields }, fn);
  },
  /** The fields of the current context (the invocation's request id, and its route or worker). */
  contextFields(): Fields {
    return { ...context.getStore() };
  },
  /** Adds fields to the current context from here on (the signed-in user, once the token is checked). */
  addContext(fields: Fields): void {
    const store = context.getStore();
    if (store) Object.assign(store, fields);
  },
};
