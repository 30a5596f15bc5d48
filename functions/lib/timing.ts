/**
 * Answers that must not tell, by how long they take, whether an account exists (forgot and reset password)
 * are held until a fixed time has passed since the request began. The work itself stays well inside it.
 */
export async function holdUntil(startedMs: number, minimumMs: number): Promise<void> {
  const wait = startedMs + minimumMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** How long the forgot- and reset-password answers take at least. */
export const ACCOUNT_ANSWER_MS = 600;
