import type { ComponentProps } from 'react';
import ExpenseSearch from './ExpenseSearch';
import QueuedWrites from './QueuedWrites';

/**
 * What stands above the group's list, loaded after the first screen in one chunk: the search and
 * the writes saved offline, not yet sent (lib/outbox.ts).
 */
export default function ListTop(search: ComponentProps<typeof ExpenseSearch>) {
  return (
    <>
      <ExpenseSearch {...search} />
      <QueuedWrites />
    </>
  );
}
