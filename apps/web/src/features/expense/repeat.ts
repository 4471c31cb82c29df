import { checkRecurrence, dayIn, occurrenceAt, type Recurrence, type RecurrenceUnit } from '@dolya/domain';

/** How a series ends on the Repeat chip: never, after a day (included), or after a number of times. */
export type RepeatEnd = 'never' | 'until' | 'count';

/** The Repeat chip's fields as typed (issue 28); `on: false` sends no rule. */
export interface RepeatDraft {
  on: boolean;
  every: string;
  unit: RecurrenceUnit;
  end: RepeatEnd;
  /** "YYYY-MM-DD", the last day an occurrence may fall on. */
  until: string;
  count: string;
}

export const REPEAT_OFF: RepeatDraft = {
  on: false,
  every: '1',
  unit: 'month',
  end: 'never',
  until: '',
  count: '12',
};

/** The chip's fields for a series' rule (an edited expense of a series). */
export function repeatFromRule(rule: Recurrence): RepeatDraft {
  return {
    on: true,
    every: String(rule.every),
    unit: rule.unit,
    end: rule.until ? 'until' : rule.count ? 'count' : 'never',
    until: rule.until ?? '',
    count: rule.count ? String(rule.count) : REPEAT_OFF.count,
  };
}

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The rule the chip describes: null when it is off (the field the save sends). */
export function toRecurrence(repeat: RepeatDraft | undefined): Recurrence | null {
  if (!repeat?.on) return null;
  return {
    every: whole(repeat.every),
    unit: repeat.unit,
    until: repeat.end === 'until' ? repeat.until || null : null,
    count: repeat.end === 'count' ? whole(repeat.count) : null,
  };
}

/** The day an expense dated `iso` falls on in the group's `timeZone` (a series starts there). */
export function startDay(iso: string, timeZone: string): string {
  return dayIn(timeZone, new Date(iso));
}

/** Whether the rule holds from `start` (the domain's check: every 1-1000, until not before the start, count 1-10 000). */
export function isValidRule(rule: Recurrence, start: string): boolean {
  try {
    checkRecurrence(rule, start);
    return true;
  } catch {
    return false;
  }
}

/** The next `n` days after the start (occurrence 1 on), fewer when the series ends before them. */
export function nextDates(start: string, rule: Recurrence, n = 3): string[] {
  const dates: string[] = [];
  for (let index = 1; index <= n; index++) {
    const occurrence = occurrenceAt(start, rule, index);
    if (!occurrence) break;
    dates.push(occurrence.date);
  }
  return dates;
}
