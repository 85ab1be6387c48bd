/** A failed completion; `afterOutput` says whether the visitor had already seen tokens of it. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly afterOutput: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}
