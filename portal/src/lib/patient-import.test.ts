import { afterEach, describe, expect, it, vi } from 'vitest';
import { patientImport } from './patient-import';

describe('patientImport', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a failed load with growing waits and resolves once it loads', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('module');
    let value: string | undefined;
    void patientImport(load).then((loaded) => (value = loaded));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    expect(value).toBe('module');
  });
});
