/**
 * First come, first served ownership of the one SQLite connection that writes, across awaits: a
 * transaction keeps it from BEGIN to COMMIT while other requests' writes queue here, not on the event loop.
 * A waiter gives up at its deadline with the error `onTimeout` makes.
 */
export class WriteLock {
  #held = false;
  readonly #queue: Array<() => void> = [];

  async acquire(deadline: number, onTimeout: () => Error): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          this.#queue.splice(this.#queue.indexOf(grant), 1);
          reject(onTimeout());
        },
        Math.max(0, deadline - Date.now()),
      );
      this.#queue.push(grant);
    });
  }

  /** Hands the lock straight to the next waiter, so nobody can slip in between. */
  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}
