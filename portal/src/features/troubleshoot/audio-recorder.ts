/** Records the microphone locally (the capture check plays it back; nothing is uploaded). */
export class AudioRecorder {
  private recorder: MediaRecorder | null = null;
  private stream: MediaStream | null = null;
  private chunks: Blob[] = [];

  async start(): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    this.chunks = [];
    this.recorder = new MediaRecorder(this.stream);
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    };
    this.recorder.start(250);
  }

  /** Stops and resolves to the recording; the microphone is released. */
  stop(): Promise<Blob> {
    const recorder = this.recorder;
    return new Promise((resolve) => {
      const finish = () => {
        this.stream?.getTracks().forEach((track) => track.stop());
        this.stream = null;
        this.recorder = null;
        resolve(new Blob(this.chunks, { type: recorder?.mimeType || 'audio/webm' }));
      };
      if (!recorder || recorder.state === 'inactive') return finish();
      recorder.onstop = finish;
      recorder.stop();
    });
  }

  cancel(): void {
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = null;
    this.recorder = null;
  }
}
