import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZones } from './model';

interface TimeZoneFieldProps {
  id: string;
  value: string;
  /** Only sets state: a new function each render is the same handler (see the memo below). */
  onChange(zone: string): void;
}

/**
 * The group's time zone (issue 28): a select of the runtime's IANA zones (about 400); recurring
 * expenses fall on its days. Rendered again only when its value changes, not on every keystroke.
 */
export const TimeZoneField = memo(
  TimeZoneSelect,
  (before, after) => before.id === after.id && before.value === after.value,
);

function TimeZoneSelect({ id, value, onChange }: TimeZoneFieldProps) {
  const { t } = useTranslation('recurring');
  const zones = useMemo(() => timeZones(value), [value]);
  return (
    <div className="field settings-field">
      <label className="field-label" htmlFor={id}>
        {t('timeZone')}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.target.value)}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      <span className="field-hint muted" id={`${id}-help`}>
        {t('timeZoneHelp')}
      </span>
    </div>
  );
}
