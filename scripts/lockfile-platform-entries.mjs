// Usage: node scripts/lockfile-platform-entries.mjs [package-lock.json] — run it after `npm install` changed the lock.
// Adds lock entries for optional platform packages this registry does not serve, so `npm ci` (which
// checks the lock against every declared optional dependency) accepts the lock. The entries carry the
// os/cpu/libc that their names state; npm skips them on any other platform without fetching them.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const platformOf = (name) => {
  const tail = name.split('/').pop();
  const osList = [
    'android',
    'darwin',
    'freebsd',
    'linux',
    'openbsd',
    'win32',
    'openharmony',
    'sunos',
    'aix',
    'netbsd',
  ];
  const os = osList.find((o) => tail.includes(`-${o}-`) || tail.endsWith(`-${o}`));
  const cpus = ['arm64', 'x64', 'ia32', 'loong64', 'ppc64', 's390x', 'riscv64', 'arm'];
  const cpu = cpus.find((c) => tail.includes(`-${c}`));
  const libc = /musl/.test(tail) ? 'musl' : os === 'linux' ? 'glibc' : undefined;
  return { os, cpu, libc };
};
let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => pkgs[c])) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) {
      console.error(`cannot infer the platform of ${dep}; left out`);
      continue;
    }
    const target =
      path === '' || !pkgs[`node_modules/${dep}`] ? `node_modules/${dep}` : `${base}node_modules/${dep}`;
    pkgs[target] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      ...(entry.devOptional ? { devOptional: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);
