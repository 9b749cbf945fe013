/**
 * The TCP sockets a set of processes listens on, read from Linux's /proc (no `ss` needed):
 * each process's socket inodes from /proc/<pid>/fd, matched with the LISTEN rows of
 * /proc/net/tcp and /proc/net/tcp6.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ListeningSocket {
  readonly pid: number;
  /** The process's command name (/proc/<pid>/comm), e.g. `node`, `java`. */
  readonly command: string;
  /** The local address as text: `127.0.0.1`, `::`, `::ffff:127.0.0.1`... */
  readonly address: string;
  readonly port: number;
}

const TCP_LISTEN = '0A';

/** Decodes /proc/net/tcp{,6}'s hex address: 32-bit words in host (little-endian) byte order. */
export function decodeProcAddress(hex: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < hex.length; i += 8) {
    const word = hex.slice(i, i + 8);
    for (let b = 6; b >= 0; b -= 2) bytes.push(parseInt(word.slice(b, b + 2), 16));
  }
  if (bytes.length === 4) return bytes.join('.');
  const isV4Mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (isV4Mapped) return `::ffff:${bytes.slice(12).join('.')}`;
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((((bytes[i] as number) << 8) | (bytes[i + 1] as number)).toString(16));
  // The two forms that matter here spelled as people write them; others in full.
  const full = groups.join(':');
  if (full === '0:0:0:0:0:0:0:0') return '::';
  if (full === '0:0:0:0:0:0:0:1') return '::1';
  return full;
}

/** Whether an address is reachable from this machine only. */
export function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
}

function listenRows(): Map<string, { address: string; port: number }> {
  const rows = new Map<string, { address: string; port: number }>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6 on this machine
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== TCP_LISTEN) continue;
      const [addrHex, portHex] = (cols[1] as string).split(':') as [string, string];
      rows.set(cols[9] as string, { address: decodeProcAddress(addrHex), port: parseInt(portHex, 16) });
    }
  }
  return rows;
}

export function listeningSockets(pids: readonly number[]): ListeningSocket[] {
  const rows = listenRows();
  const found: ListeningSocket[] = [];
  for (const pid of pids) {
    let fds: string[];
    let command: string;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
      command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue; // gone meanwhile
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      const row = inode ? rows.get(inode) : undefined;
      if (row) found.push({ pid, command, ...row });
    }
  }
  return found;
}
