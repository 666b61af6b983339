import type { CachedResponse } from './cached-response.ts';

export interface StoreLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * Cached responses by address, least recently used first out, within a count and a byte budget (any
 * query string makes a new address, so the budget, not the visitors, bounds the memory). Everything in it
 * belongs to one content version: a newer version empties it.
 */
export class ResponseStore {
  #entries = new Map<string, CachedResponse>();
  #bytes = 0;
  #version = 0;
  /** Renders in flight, by version and address: later requests for the same page wait for them. */
  readonly inFlight = new Map<string, Promise<CachedResponse | null>>();

  constructor(private readonly limits: StoreLimits) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The newest content version seen; entries of older ones are never served. */
  get version(): number {
    return this.#version;
  }

  /** Adopts a newer version (reads may finish out of order): entries made from an older one are dropped. */
  sync(version: number): void {
    if (version <= this.#version) return;
    this.#version = version;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.#version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps an entry only if it was made from the version now current (a write may have come meanwhile). */
  set(key: string, entry: CachedResponse): boolean {
    if (entry.version !== this.#version || entry.bytes > this.limits.maxBytes) return false;
    this.delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.delete(oldest);
    }
    return true;
  }

  /**
   * Puts a better-compressed copy in place of the entry it was made from, if that entry is still the one
   * kept under the key (it may have been dropped or replaced meanwhile); its place in the order stays.
   */
  replace(key: string, previous: CachedResponse, next: CachedResponse): boolean {
    if (this.#entries.get(key) !== previous || next.version !== previous.version) return false;
    this.#entries.set(key, next);
    this.#bytes += next.bytes - previous.bytes;
    return true;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
