/** A frame of the evaluation set (served at /set/ by eval-harness.mjs) as an ImageBitmap, as a camera frame reaches the face worker. */
export async function bitmapOf(frame: string): Promise<ImageBitmap> {
  const response = await fetch(`/set/${frame}`);
  if (!response.ok) throw new Error(`${frame}: ${response.status}`);
  return createImageBitmap(await response.blob());
}
