// The face check's Web Worker in the portal's build: the shared worker code (@vladmandic/human's
// BlazeFace confirmed by its face mesh, tfjs wasm, one thread; decision 0009). camera-runtime.ts
// starts it with `new Worker(new URL('./face-worker-entry.ts', import.meta.url), { type: 'module' })`,
// so Vite bundles it (and Human) as a file of its own, fetched only when a test's camera starts.
import '@invigil/shared/proctor/browser/face-worker';
