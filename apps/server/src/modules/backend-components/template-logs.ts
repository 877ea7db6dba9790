import type { RunRow } from './template-runs.repository.ts';

/**
 * The runs as the `cloud-function.log` file: one block per run, newest first, readable in any
 * text editor. Each line of multi-line output is indented so blocks stay apart.
 */
export function formatRunLog(templateName: string, runs: RunRow[]): string {
  const header = `# ${templateName}: ${runs.length === 0 ? 'no runs yet' : `${runs.length} runs, newest first`}\n`;
  return [header, ...runs.map(formatRun)].join('\n');
}

function formatRun(run: RunRow): string {
  const lines = [
    `=== ${run.started_at.toISOString()}  ${run.status.toUpperCase()}  ${run.duration_ms} ms  trigger: ${run.trigger}`,
  ];
  for (const entry of run.logs) lines.push(indent(`[${entry.at}] ${entry.level}: ${entry.text}`));
  if (run.error !== null) lines.push(indent(`error: ${run.error}`));
  else if (run.result !== null && run.result !== undefined)
    lines.push(indent(`result: ${stringify(run.result)}`));
  return `${lines.join('\n')}\n`;
}

function indent(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `  ${line}`)
    .join('\n');
}

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
