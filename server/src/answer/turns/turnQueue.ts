/**
 * Runs tasks for one key strictly one after another, in arrival order (a promise chain per key).
 * Answering holds a conversation's turn from storing the question to storing the answer, so two
 * sends to one conversation give Q1 A1 Q2 A2 (never Q1 Q2 A1 A2) and the second answer sees the
 * first exchange in its history. It is per process; TurnLeases (inside it) does the same across
 * processes, through the database.
 */
export class TurnQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    // Forget the key once its last task is done, so the map holds only busy conversations.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
