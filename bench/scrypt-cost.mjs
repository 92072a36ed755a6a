#!/usr/bin/env node
// node bench/scrypt-cost.mjs: the wall time of one scrypt password hash (r=8, p=1, 32-byte key, as
// server/src/platform/lib/password.ts) at several costs N and concurrencies, and what 10,000 would
// take (decision 0055). Concurrent calls run on libuv's thread pool, one per core at best.
import { randomBytes, scrypt } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';

const derive = (N) => new Promise((resolve, reject) => {
  scrypt('Pass@100000', randomBytes(16), 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 }, (error, key) => (error ? reject(error) : resolve(key)));
});
console.log(`${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}`);
for (const N of [16_384, 4_096, 1_024]) {
  for (const concurrency of [1, 2, 4]) {
    const count = N >= 16_384 ? 40 : 200;
    let next = 0;
    const start = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next++ < count) await derive(N);
    }));
    const perHash = (performance.now() - start) / count;
    console.log(`N=${String(N).padStart(5)} concurrency ${concurrency}: ${perHash.toFixed(2).padStart(7)} ms a hash → ${((perHash * 10_000) / 1000).toFixed(0).padStart(5)} s for 10,000`);
  }
}
