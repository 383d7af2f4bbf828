import { spawn } from 'node:child_process';

export interface AdminRun {
  /** The exit code (null after a signal). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Both streams' lines in the order they arrived, as a person at the terminal reads them. */
  lines: string[];
}

/** Runs `npm run admin -- …` as its own process and collects what it prints. */
export function runAdmin(args: string[], env: Record<string, string>): Promise<AdminRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/scripts/admin.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
    output += String(chunk);
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr, lines: output.trim().split('\n') })),
  );
}
