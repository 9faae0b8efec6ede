/**
 * The loop the client's waits share (waitForWebhook, waitForCampaignSent): follow the emulator's event stream, not
 * a timer. Read once the stream is open (what is waited for may be there already; on a reconnect, what happened
 * while the stream was not there is read now), then again on each event that `wakes` the wait, until a read finds
 * what is waited for, a read fails, the stream fails, or the timeout.
 */
import type { EmulatorEvent } from './wire/controls.js';

/** Following the emulator's events, as the client's `subscribe` does. */
export type Subscribe = (
  onEvent: (event: EmulatorEvent) => void,
  options: { onOpen: () => void; onError: (error: unknown) => void },
) => { close(): void };

export interface ReadUntilOptions<T> {
  subscribe: Subscribe;
  /** The events after which a read may find something new. */
  wakes: (event: EmulatorEvent) => boolean;
  /** One read: what is waited for, or undefined to wait on. A rejection ends the wait with it (waiting would not help). */
  read: () => Promise<T | undefined>;
  timeoutMs: number;
  /** The error the wait rejects with at the timeout (built then, from what the reads saw). */
  timedOut: () => Error;
}

export function readUntil<T>({ subscribe, wakes, read, timeoutMs, timedOut }: ReadUntilOptions<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let reading = false;
    let readAgain = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.close();
      settle();
    };
    // One read at a time; an event that comes during a read makes one more read after it.
    const check = async () => {
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        do {
          readAgain = false;
          const found = await read();
          if (found !== undefined) return finish(() => resolve(found));
        } while (readAgain && !settled);
      } catch (error) {
        finish(() => reject(error));
      } finally {
        reading = false;
      }
    };
    const timer = setTimeout(() => finish(() => reject(timedOut())), timeoutMs);
    const stream = subscribe(
      (event) => {
        if (wakes(event)) void check();
      },
      { onOpen: () => void check(), onError: (error) => finish(() => reject(error)) },
    );
  });
}
