// Preloaded into each server process by bench/exam-load.mjs (node --import): the event loop's
// delay over the exam, written as JSON to $BENCH_LOOP_DELAY_DIR/<pid>.json when the process
// exits. SIGUSR2 starts the measurement afresh (at the exam's start, after setup).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => histogram.reset());
process.on('exit', () => {
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  writeFileSync(join(process.env.BENCH_LOOP_DELAY_DIR, `${process.pid}.json`), JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }));
});
