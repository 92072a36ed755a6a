// The few globals that every runtime of `shared` has (browsers, workers, extension contexts and
// Node 20). Declared by hand so shared code cannot reach for DOM-only or Node-only APIs.
declare const crypto: { getRandomValues<T extends ArrayBufferView>(array: T): T };
declare function btoa(data: string): string;
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly pathname: string;
}
