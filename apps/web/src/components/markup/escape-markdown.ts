// Kept apart from render-markup.ts so that code which only builds markup (the reminders) does not
// pull the Markdown parser and the sanitiser into the shell's first load.

/** Text put into Markdown as it is (a device's name in a reminder), not read as markup. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, (character) =>
    character === '<' ? '&lt;' : character === '&' ? '&amp;' : character === '>' ? '&gt;' : `\\${character}`,
  );
}
