// Builds the portal into a folder of its own, then moves it over portal/dist (issue 31): two
// builds at once in one checkout (`npm start` beside `npm test`) each write their own folder
// instead of emptying and rewriting the same one under each other. Run from portal/ by its
// `npm run build`, so vite is on the PATH.
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';

const TARGET = 'dist';
const partial = `${TARGET}.build-${process.pid}`;
const extra = process.argv.slice(2);

try {
  execFileSync('vite', ['build', '--outDir', partial, '--emptyOutDir', ...extra], { stdio: 'inherit', shell: process.platform === 'win32' });
} catch (error) {
  rmSync(partial, { recursive: true, force: true });
  process.exit(typeof error?.status === 'number' ? error.status : 1);
}

// Move the finished build in; a build finishing at the same moment may put its own in between,
// so the one there is moved aside and removed, and the move tried again.
for (let attempt = 1; ; attempt++) {
  const aside = `${TARGET}.old-${process.pid}-${attempt}`;
  try {
    if (existsSync(TARGET)) renameSync(TARGET, aside);
    renameSync(partial, TARGET);
    rmSync(aside, { recursive: true, force: true });
    break;
  } catch (error) {
    rmSync(aside, { recursive: true, force: true });
    if (attempt >= 5) throw error;
  }
}
