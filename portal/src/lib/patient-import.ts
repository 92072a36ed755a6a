/**
 * A chunk the screen can do without for a while (the test's live channel): loaded with retries,
 * 1 s, 2 s, 4 s ... apart (at most `maxDelayMs`), and never rejected, so a network drop while it
 * loads delays that part instead of failing the whole screen through React.lazy.
 */
export function patientImport<T>(load: () => Promise<T>, firstDelayMs = 1_000, maxDelayMs = 30_000): Promise<T> {
  return new Promise<T>((resolve) => {
    const attempt = (delayMs: number) => {
      load().then(resolve, () => setTimeout(() => attempt(Math.min(delayMs * 2, maxDelayMs)), delayMs));
    };
    attempt(firstDelayMs);
  });
}
