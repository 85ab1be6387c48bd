import { createServer, type Server } from 'node:net';

/**
 * Ports the OS says are free on 127.0.0.1 right now (distinct: all are held until each is known),
 * for servers a test spawns. Random picks from fixed ranges collided between test files running at
 * once (a CI run failed on EADDRINUSE).
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const probe = createServer();
      probes.push(probe);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port));
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(probes.map((p) => new Promise<void>((r) => p.close(() => r()))));
  }
}

export const freePort = async (): Promise<number> => (await freePorts(1))[0]!;
