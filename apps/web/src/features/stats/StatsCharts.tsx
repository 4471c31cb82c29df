import { centsToDecimal } from '@dolya/domain';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  Rectangle,
  ReferenceLine,
  Tooltip,
  type TooltipContentProps,
  type TooltipValueType,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import type { NameType } from 'recharts/types/component/DefaultTooltipContent';
import { LOCALES } from '../../i18n';
import { useFormat } from '../../lib/format';
import {
  type Granularity,
  type NetBar,
  netExtent,
  parseDayKey,
  type Spending,
  type SpendingBucket,
} from './stats-data';
import './stats.css';

/**
 * The statistics charts (recharts; this module is imported only by the stats route, so the library
 * stays in that route's chunk). Colours come from CSS classes using the theme variables, so both
 * themes and a theme switch apply without re-rendering; text goes through Intl and i18n.
 */

const ROW_HEIGHT = 40;
const NAME_CHARS = 14;
const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

function shortName(name: string): string {
  return name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1).trimEnd()}…` : name;
}

function signClass(sign: NetBar['sign']): string {
  return sign > 0 ? 'is-positive' : sign < 0 ? 'is-negative' : 'is-zero';
}

/** Per-member net as horizontal bars around a zero line: credit to the right, debt to the left. */
export function NetChart({ bars, currency }: { bars: NetBar[]; currency: string }) {
  const { t } = useTranslation('stats');
  const format = useFormat();
  const signed = (bar: NetBar) => `${bar.sign > 0 ? '+' : ''}${format.money(bar.cents, currency)}`;
  const byId = new Map(bars.map((bar) => [bar.memberId, bar]));
  // Symmetric around zero, so a debt and a credit of the same size have the same length.
  const extent = centsToDecimal(netExtent(bars)) || 1;
  const summary = bars.map((bar) => `${bar.name}: ${signed(bar)}`).join('; ');

  const NameTick = (props: YAxisTickContentProps) => {
    const bar = byId.get(String(props.payload.value));
    if (!bar) return null;
    const label = bar.me ? `${shortName(bar.name)} ${t('youMark')}` : shortName(bar.name);
    const x = Number(props.x) - 8;
    // The name with its amount below it: beside the bars an amount ran out of the chart on phones.
    return (
      <text
        x={x}
        y={Number(props.y)}
        textAnchor="end"
        // The recharts class lets width="auto" measure the names.
        className={`recharts-cartesian-axis-tick-value stats-name-tick${bar.removed ? ' is-removed' : ''}`}
      >
        <title>{bar.removed ? `${bar.name} (${t('deleted')})` : bar.name}</title>
        <tspan x={x} dy="-0.15em">
          {label}
        </tspan>
        <tspan x={x} dy="1.2em" className={`stats-net-label ${signClass(bar.sign)}`}>
          {signed(bar)}
        </tspan>
      </text>
    );
  };

  const NetBarShape = (props: BarShapeProps) => {
    const bar = props.payload as NetBar;
    const width = Math.abs(props.width);
    const left = Math.min(props.x, props.x + props.width);
    return width > 0 ? (
      <Rectangle
        x={left}
        y={props.y}
        width={width}
        height={props.height}
        radius={bar.sign > 0 ? [0, 4, 4, 0] : [4, 0, 0, 4]}
        className={`stats-net-bar ${signClass(bar.sign)}`}
      />
    ) : (
      <g />
    );
  };

  return (
    <div className="stats-chart" role="img" aria-label={`${t('netChartTitle')}. ${summary}`}>
      <BarChart
        responsive
        style={{ width: '100%', height: bars.length * ROW_HEIGHT + 8 }}
        data={bars}
        layout="vertical"
        margin={{ top: 4, right: 4, bottom: 4, left: 4 }}
        barCategoryGap={8}
        accessibilityLayer={false}
      >
        <XAxis type="number" hide domain={[-extent, extent]} allowDataOverflow />
        <YAxis
          type="category"
          dataKey="memberId"
          width="auto"
          axisLine={false}
          tickLine={false}
          tick={NameTick}
          interval={0}
        />
        <ReferenceLine x={0} className="stats-zero-line" ifOverflow="extendDomain" />
        <Bar
          dataKey="value"
          shape={NetBarShape}
          isAnimationActive={!reducedMotion()}
          animationDuration={500}
        />
      </BarChart>
    </div>
  );
}

function useDateLabels(granularity: Granularity, multiYear: boolean) {
  const { t, i18n } = useTranslation('stats');
  const format = useFormat();
  const locale = LOCALES[i18n.language === 'en' ? 'en' : 'ru'];
  const monthTick = new Intl.DateTimeFormat(
    locale,
    multiYear ? { month: 'short', year: '2-digit' } : { month: 'short' },
  );
  const monthFull = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const iso = (key: string) => parseDayKey(key).toISOString();
  return {
    tick(key: string) {
      return granularity === 'month' ? monthTick.format(parseDayKey(key)) : format.monthDay(iso(key));
    },
    full(key: string) {
      if (granularity === 'month') return monthFull.format(parseDayKey(key));
      if (granularity === 'week') return t('spendingWeekOf', { date: format.date(iso(key)) });
      return format.date(iso(key));
    },
  };
}

function compactMoney(language: string, currency: string) {
  const formatter = new Intl.NumberFormat(LOCALES[language === 'en' ? 'en' : 'ru'], {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    // Three digits keep nice ticks exact: 1350 is "1.35K", not a rounded "1.4K".
    maximumSignificantDigits: 3,
  });
  return (value: number) => formatter.format(value);
}

/** Ordinary expenses per day, week or month as columns. */
export function SpendingChart({ spending, currency }: { spending: Spending; currency: string }) {
  const { i18n } = useTranslation('stats');
  const format = useFormat();
  const { buckets, granularity } = spending;
  const firstYear = buckets[0]?.start.slice(0, 4);
  const multiYear = buckets.some((b) => b.start.slice(0, 4) !== firstYear);
  const labels = useDateLabels(granularity, multiYear);
  const axisMoney = compactMoney(i18n.language, currency);

  const SpendingTooltip = ({ active, payload }: TooltipContentProps<TooltipValueType, NameType>) => {
    const bucket = active ? (payload?.[0]?.payload as SpendingBucket | undefined) : undefined;
    if (!bucket) return null;
    return (
      <div className="stats-tooltip">
        <div className="stats-tooltip-label">{labels.full(bucket.start)}</div>
        <div className="stats-tooltip-value">{format.money(bucket.cents, currency)}</div>
      </div>
    );
  };

  return (
    <div className="stats-chart">
      <BarChart
        responsive
        style={{ width: '100%', height: 220 }}
        data={buckets}
        margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
        barCategoryGap="20%"
      >
        <CartesianGrid vertical={false} strokeDasharray="3 3" className="stats-grid" />
        <XAxis
          dataKey="start"
          tickFormatter={labels.tick}
          tickLine={false}
          className="stats-axis"
          minTickGap={12}
          interval="preserveStartEnd"
        />
        <YAxis
          tickFormatter={axisMoney}
          width="auto"
          axisLine={false}
          tickLine={false}
          className="stats-axis"
          allowDecimals={false}
        />
        <Tooltip content={SpendingTooltip} cursor={{ className: 'stats-cursor' }} />
        <Bar
          dataKey="value"
          className="stats-spending-bar"
          radius={[4, 4, 0, 0]}
          maxBarSize={44}
          isAnimationActive={!reducedMotion()}
          animationDuration={500}
        />
      </BarChart>
    </div>
  );
}
