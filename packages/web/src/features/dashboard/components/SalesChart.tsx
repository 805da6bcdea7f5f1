import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ChartPoint } from "@/features/dashboard/api/chartData";
import { axisWidth, tickLabels, valueAxes, type ValueAxis } from "@/lib/chartAxis";
import { formatAxisMoney, formatDay, formatMoney, toMajor } from "@/lib/format";

/**
 * One currency's figures, `currency`: its sales count on the left axis (blue) and its revenue
 * on the right (green, in whole units of it), 320 px high. Currencies are never converted or
 * added, and the sales are that currency's too, so a day of dollar sales never shows as bars
 * beside zero euros (the switch above picks the currency; the tooltip names the day's others).
 * The two axes tick in whole sales and whole units of the currency on one shared grid, and a
 * currency with sales but no revenue (free claims) reads "¥0" under a flat line (lib/chartAxis).
 * recharts is imported only here, inside the lazy dashboard chunk, so the buyer's sales page
 * never downloads it.
 */
export type ChartKind = "line" | "bar";
const SALES = "#3b82f6";
const REVENUE = "#10b981";

export function SalesChart({
  data,
  kind,
  currency,
  several,
}: {
  data: ChartPoint[];
  kind: ChartKind;
  /** The currency whose revenue is plotted. */
  currency: string;
  /** The seller earned in more than one currency: the legend names the one plotted. */
  several: boolean;
}) {
  const rows = data.map((p) => ({
    date: p.date,
    sales: inCurrency(p.sales_by_currency, currency),
    revenue: toMajor(inCurrency(p.revenue_by_currency, currency), currency),
    minor: inCurrency(p.revenue_by_currency, currency),
    others: otherCurrencies(p, currency),
  }));
  const [salesAxis, revenueAxis] = valueAxes(
    rows.map((r) => r.sales),
    rows.map((r) => r.revenue),
  ) as [ValueAxis, ValueAxis];
  const count = (v: number) => String(v);
  const money = (v: number) => formatAxisMoney(v, currency);
  const code = several ? ` (${currency.toUpperCase()})` : "";
  const salesName = `Sales${code}`;
  const revenueName = `Revenue${code}`;
  const common = (
    <>
      {/* Drawn on the sales axis's ticks (it found no axis of its own and drew its top line
          only); the revenue axis has as many, so both read off one grid. */}
      <CartesianGrid yAxisId="sales" strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
      <XAxis
        dataKey="date"
        tickFormatter={(d: string) => formatDay(d)}
        tick={{ fontSize: 12, fill: "#64748b" }}
        tickLine={false}
        axisLine={{ stroke: "#e2e8f0" }}
        minTickGap={24}
      />
      <YAxis
        yAxisId="sales"
        orientation="left"
        domain={salesAxis.domain}
        ticks={salesAxis.ticks}
        interval={0}
        tickFormatter={tickLabels(salesAxis, count)}
        tick={{ fontSize: 12, fill: SALES }}
        tickLine={false}
        axisLine={false}
        width={axisWidth(salesAxis, count, 36)}
      />
      <YAxis
        yAxisId="revenue"
        orientation="right"
        domain={revenueAxis.domain}
        ticks={revenueAxis.ticks}
        interval={0}
        tickFormatter={tickLabels(revenueAxis, money)}
        tick={{ fontSize: 12, fill: REVENUE }}
        tickLine={false}
        axisLine={false}
        width={axisWidth(revenueAxis, money)}
      />
      <Tooltip
        content={(p) => (
          <ChartTooltip active={p.active} payload={p.payload} label={p.label} currency={currency} code={code} />
        )}
        cursor={{ fill: "rgba(99,102,241,0.06)", stroke: "#c7d2fe" }}
      />
      <Legend verticalAlign="top" height={32} iconType="circle" wrapperStyle={{ fontSize: 13 }} />
    </>
  );
  return (
    <div style={{ height: 320 }} className="w-full" data-testid={`sales-chart-${kind}`}>
      <ResponsiveContainer width="100%" height={320}>
        {kind === "line" ? (
          <LineChart data={rows} margin={{ top: 4, right: 4, left: 0, bottom: 0 }}>
            {common}
            <Line
              yAxisId="sales"
              type="monotone"
              dataKey="sales"
              name={salesName}
              stroke={SALES}
              strokeWidth={2.5}
              dot={false}
              activeDot={{ r: 5 }}
            />
            <Line
              yAxisId="revenue"
              type="monotone"
              dataKey="revenue"
              name={revenueName}
              stroke={REVENUE}
              strokeWidth={2.5}
              dot={false}
              activeDot={{ r: 5 }}
            />
          </LineChart>
        ) : (
          <BarChart data={rows} margin={{ top: 4, right: 4, left: 0, bottom: 0 }} barGap={2}>
            {common}
            <Bar yAxisId="sales" dataKey="sales" name={salesName} fill={SALES} radius={[4, 4, 0, 0]} maxBarSize={18} />
            <Bar
              yAxisId="revenue"
              dataKey="revenue"
              name={revenueName}
              fill={REVENUE}
              radius={[4, 4, 0, 0]}
              maxBarSize={18}
            />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

/** A day's figure in `currency` (a code the switch picked, any string to the type), 0 when none. */
const inCurrency = (byCurrency: Partial<Record<string, number>>, currency: string) => byCurrency[currency] ?? 0;

/** The day's figures in the currencies not plotted: "1 sale, $50.00" each, or none. */
function otherCurrencies(p: ChartPoint, plotted: string): string[] {
  const codes = new Set([...Object.keys(p.sales_by_currency), ...Object.keys(p.revenue_by_currency)]);
  codes.delete(plotted);
  return [...codes].flatMap((c) => {
    const sales = inCurrency(p.sales_by_currency, c);
    const revenue = inCurrency(p.revenue_by_currency, c);
    if (!sales && !revenue) return [];
    return [`${sales} ${sales === 1 ? "sale" : "sales"}, ${formatMoney(revenue, c)}`];
  });
}

function ChartTooltip({
  active,
  payload,
  label,
  currency,
  code,
}: {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  label?: unknown;
  currency: string;
  /** " (EUR)" when the seller sold in several currencies */
  code: string;
}) {
  if (!active || !payload?.length) return null;
  const row = payload[0]?.payload as { sales: number; minor: number; others: string[] } | undefined;
  if (!row) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-lg">
      <p className="font-semibold text-slate-900">{formatDay(String(label), true)}</p>
      <p className="mt-1 flex items-center gap-2 text-slate-600">
        <span className="h-2 w-2 rounded-full" style={{ background: SALES }} />
        Sales{code}: <span className="font-medium text-slate-900">{row.sales}</span>
      </p>
      <p className="flex items-center gap-2 text-slate-600">
        <span className="h-2 w-2 rounded-full" style={{ background: REVENUE }} />
        Revenue{code}: <span className="font-medium text-slate-900">{formatMoney(row.minor, currency)}</span>
      </p>
      {row.others.length > 0 && <p className="mt-1 text-xs text-slate-500">Also: {row.others.join(" · ")}</p>}
    </div>
  );
}
