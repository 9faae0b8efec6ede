/**
 * Replies written in one turn of the event loop leave the socket in one write. smtp-server writes each reply as
 * soon as it is decided, so a pipelined group (MAIL, RCPT..., DATA: RFC 2920) cost a write syscall per reply:
 * under `BENCH_ONLY=smtp npm run bench` those writes were a quarter of the main thread's time (1.7 s of 6.5 s
 * for 4,500 mails, ~0.1 ms each here). Corked until the turn's queued callbacks have run, they go as one.
 */
import type { Socket } from 'node:net';

export function coalesceWrites(socket: Socket): void {
  const write = socket.write;
  let corked = false;
  socket.write = function coalescedWrite(this: Socket, ...args: Parameters<Socket['write']>) {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(() => {
        corked = false;
        socket.uncork();
      });
    }
    return write.apply(this, args);
  } as Socket['write'];
}
