import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { Spinner } from '../../ui/Spinner';
import './reminders.css';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Group settings' Reminders (issue 28): whether the bot may remind me of my debts here, and (admins,
 * with a Telegram chat connected) the weekly summary in that chat: day and hour in the group's
 * time zone.
 */
export function ReminderSettings({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation('reminders');
  const format = useFormat();
  const queryClient = useQueryClient();
  const titleId = useId();
  const list = useQuery(trpc.reminders.list.queryOptions({ groupId }));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.reminders.list.queryKey({ groupId }) });
  const done = { onSuccess: () => toast.success(t('saved')), onSettled: refresh };
  const mute = useMutation(trpc.reminders.mute.mutationOptions(done));
  const profile = useMutation(trpc.reminders.profile.mutationOptions(done));
  const weekly = useMutation(trpc.reminders.weekly.mutationOptions(done));

  return (
    <section className="card reminder-settings" aria-labelledby={titleId}>
      <h2 id={titleId} className="reminder-settings-title">
        {t('settingsTitle')}
      </h2>
      {!list.data ? (
        <Spinner />
      ) : (
        <>
          {!list.data.me.telegramLinked ? (
            <p className="muted">{t('noTelegramMine')}</p>
          ) : (
            <label className="reminder-check">
              <input
                type="checkbox"
                checked={!list.data.me.muted}
                disabled={mute.isPending}
                onChange={(event) =>
                  mute.mutate({ groupId, muted: !event.target.checked, language: i18n.language })
                }
              />
              {t('muteMine')}
            </label>
          )}
          {list.data.me.stopped ? (
            <p className="reminder-stopped muted">
              {t('stoppedMine')}{' '}
              <button
                type="button"
                className="btn btn-ghost"
                disabled={profile.isPending}
                onClick={() => profile.mutate({ stopped: false, language: i18n.language })}
              >
                {t('resume')}
              </button>
            </p>
          ) : null}
          <WeeklySummary
            settings={list.data.weekly}
            busy={weekly.isPending}
            nextAt={list.data.weekly.nextAt ? format.dateTime(list.data.weekly.nextAt) : null}
            onSave={(value) => weekly.mutate({ groupId, ...value, language: i18n.language })}
          />
        </>
      )}
    </section>
  );
}

interface WeeklySettings {
  chatConnected: boolean;
  isAdmin: boolean;
  enabled: boolean;
  dayOfWeek: number;
  hour: number;
}

function WeeklySummary(props: {
  settings: WeeklySettings;
  busy: boolean;
  nextAt: string | null;
  onSave(value: { enabled: boolean; dayOfWeek: number; hour: number }): void;
}) {
  const { t, i18n } = useTranslation('reminders');
  const [value, setValue] = useState(props.settings);
  const locale = i18n.language === 'en' ? 'en-US' : 'ru-RU';
  // 2024-01-01 was a Monday: the weekday names through Intl.
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
  const hourName = (hour: number) =>
    new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      Date.UTC(2024, 0, 1, hour),
    );

  return (
    <fieldset className="reminder-weekly">
      <legend className="reminder-weekly-title">{t('weeklyTitle')}</legend>
      <p className="muted">{t('weeklyHint')}</p>
      {!props.settings.chatConnected ? (
        <p className="muted">{t('weeklyNoChat')}</p>
      ) : !props.settings.isAdmin ? (
        <p className="muted">{t('weeklyAdminOnly')}</p>
      ) : (
        <>
          <label className="reminder-check">
            <input
              type="checkbox"
              checked={value.enabled}
              onChange={(event) => setValue({ ...value, enabled: event.target.checked })}
            />
            {t('weeklyEnabled')}
          </label>
          <div className="reminder-weekly-when">
            <label>
              <span className="field-label">{t('weeklyDay')}</span>
              <select
                value={value.dayOfWeek}
                disabled={!value.enabled}
                onChange={(event) => setValue({ ...value, dayOfWeek: Number(event.target.value) })}
              >
                {DAYS.map((day) => (
                  <option key={day} value={day}>
                    {dayName(day)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="field-label">{t('weeklyHour')}</span>
              <select
                value={value.hour}
                disabled={!value.enabled}
                onChange={(event) => setValue({ ...value, hour: Number(event.target.value) })}
              >
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hourName(hour)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn"
              disabled={props.busy}
              onClick={() =>
                props.onSave({ enabled: value.enabled, dayOfWeek: value.dayOfWeek, hour: value.hour })
              }
            >
              {t('save')}
            </button>
          </div>
          {props.settings.enabled && props.nextAt ? (
            <p className="muted">{t('weeklyNext', { when: props.nextAt })}</p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
