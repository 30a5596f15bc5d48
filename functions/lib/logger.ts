/**
 * Structured logs: one JSON object per line, written straight to stdout/stderr (not through console,
 * so the Lambda runtime adds no prefix and CloudWatch Logs Insights reads every field). Each line carries
 * the request id and the route of the invocation it belongs to.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = order[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? order.info;
const service = process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'assay-local';

let context: Record<string, unknown> = {};

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold) return;
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, message, service, ...context, ...fields })}\n`;
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
  /** fields added to every line until cleared (a Lambda runs one invocation at a time) */
  setContext(fields: Record<string, unknown>) {
    context = fields;
  },
};
