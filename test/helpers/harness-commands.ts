/**
 * The AWS calls a local stack's handlers and workers make, as its harness records them (`/__harness/commands`):
 * what a test counts to prove how many reads a request costs, or who wrote an item.
 */
import { expect } from 'vitest';
import { http } from './http';

/** One recorded AWS call: the service, its operation, the keys it touched and the function that made it. */
export interface Command {
  service: string;
  operation: string;
  keys: string[];
  source: string | null;
}

/** The calls the handlers (and workers) of the stack at `gateway` make while `act` runs. */
export async function recorded(gateway: string, act: () => Promise<void>): Promise<Command[]> {
  expect((await http(gateway, 'POST', '/__harness/commands')).status).toBe(200);
  try {
    await act();
    return (await http<{ commands: Command[] }>(gateway, 'GET', '/__harness/commands')).body.commands;
  } finally {
    await http(gateway, 'DELETE', '/__harness/commands');
  }
}
