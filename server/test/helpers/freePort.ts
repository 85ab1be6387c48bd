import { readFileSync } from 'node:fs';
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

/**
 * A base port with `count` consecutive free ports after it (the auth emulator takes its port and the
 * next two for its hub and logging). Picked below the kernel's ephemeral range: every outgoing
 * connection takes a local port from that range, so a port checked free there can be taken by some
 * client socket before the server binds it (a CI run failed so, on 49812).
 */
export async function freePortBlock(count: number): Promise<number> {
  const top = ephemeralLow() - count;
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 10_000 + Math.floor(Math.random() * (top - 10_000));
    let free = true;
    for (let i = 0; i < count && free; i++) free = await isFree(base + i);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports below ${top + count}`);
}

/** The low end of the kernel's ephemeral port range (Linux); 32768 where it cannot be read. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
