/** The expense in a message as written: without a leading /add command or the bot's @mention. */
export function expenseTextOf(text: string, botUsername: string): string {
  const mention = `@${botUsername}`;
  // Only the mention goes: the lines of a receipt stay lines.
  const pattern = new RegExp(`${mention.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[,:]?`, 'gi');
  return text
    .replace(/^\/add(@\w+)?\s*/i, '')
    .replace(pattern, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
