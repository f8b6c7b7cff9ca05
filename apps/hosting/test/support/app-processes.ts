import { readFileSync, readdirSync, realpathSync } from 'node:fs';

/**
 * Host pids of the app processes running the build in `dir`. A sandboxed app reports its PID
 * namespace's pid, useless on the host; its command line holds `--allow-fs-read=<dir>` (the
 * permission model's grant of its own directory), which names one build directory, so the host's
 * process table tells how many copies of a build run.
 */
export function appProcesses(dir: string): number[] {
  let real = dir;
  try {
    real = realpathSync(dir); // the driver grants the real path
  } catch {
    // gone: then nothing runs it either
  }
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (argv.includes(`--allow-fs-read=${real}`) && !argv.some((a) => a.endsWith('unshare')))
      pids.push(Number(name));
  }
  return pids;
}
