/** The last lines of the connector's log, for the settings page; also written to the console. */
export class LogBuffer {
  readonly #lines: string[] = [];
  readonly #max: number;
  readonly #echo: ((line: string) => void) | undefined;

  constructor(max = 200, echo?: (line: string) => void) {
    this.#max = max;
    this.#echo = echo;
  }

  /** Never give it secrets: the tail is shown to whoever opens the settings page. */
  write(text: string) {
    const line = `${new Date().toISOString()} ${text}`;
    this.#lines.push(line);
    if (this.#lines.length > this.#max) this.#lines.splice(0, this.#lines.length - this.#max);
    this.#echo?.(line);
  }

  tail(count = 50): string[] {
    return this.#lines.slice(-count);
  }
}
