/**
 * A read that requests for the same key share, without any of them getting an answer older than
 * itself: a request that comes while the key's read runs waits for the next read, which starts
 * when the running one ends and serves every request that came in the meantime. So each answer
 * comes from a read started after its request arrived (no change it could have seen is missed),
 * and N tablets asking for the day at once cost two reads, not N. Nothing is kept afterwards.
 */
export function freshSharedRead<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const flights = new Map<string, { running: Promise<T>; next: Promise<T> | null }>();

  const start = (key: string): Promise<T> => {
    const running = read(key);
    const flight = { running, next: null as Promise<T> | null };
    flights.set(key, flight);
    const settled = () => {
      // The last read of a quiet key leaves nothing behind.
      if (flights.get(key) === flight && flight.next === null) flights.delete(key);
    };
    running.then(settled, settled);
    return running;
  };

  return (key: string) => {
    const flight = flights.get(key);
    if (!flight) return start(key);
    if (flight.next === null) {
      const after = () => start(key);
      flight.next = flight.running.then(after, after);
    }
    return flight.next;
  };
}
