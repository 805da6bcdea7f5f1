import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import type { AdminChartPoint } from "@/features/admin/api/types";
import { formatAxisMoney, formatDay, formatMoney, toMajor } from "@/features/admin/lib/format";
import { CurrencySwitch } from "@/components/CurrencySwitch";
import { useChartCurrency } from "@/lib/chartCurrency";
import { axisWidth, tickLabels, valueAxes, type ValueAxis } from "@/lib/chartAxis";

/**
 * The four Overview charts. recharts is imported only in the lazy admin
 * (and dashboard) chunks, never by the buyer's sales page. Revenue is plotted in one currency
 * at a time (in whole units of it, labelled in that currency), picked with a switch when the
 * platform sold in several: currencies are never added up. Every value axis ticks in whole units
 * (sales, users, units of the currency), and an all-zero series reads "¥0" under a flat line
 * (lib/chartAxis).
 */
const BRAND = "#4f46e5";
const EMERALD = "#10b981";
const SKY = "#0ea5e9";
const PLAN_COLOURS = { Free: "#94a3b8", Starter: "#38bdf8", Pro: "#6366f1", Business: "#10b981" } as const;
const axis = { tick: { fontSize: 12, fill: "#64748b" }, tickLine: false, axisLine: false } as const;
/** The charts' margins, left and right of the plot: the tooltips' room is worked out from them. */
const MARGIN = { top: 8, right: 8, left: 0, bottom: 0 };
const count = (v: number) => String(v);

function ChartCard({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader title={title} action={action} />
      <CardContent>
        <div style={{ height: 260 }} className="w-full">
          {children}
        </div>
      </CardContent>
    </Card>
  );
}

const xAxis = (
  <XAxis
    dataKey="date"
    tickFormatter={(d: string) => formatDay(d)}
    minTickGap={28}
    {...axis}
    axisLine={{ stroke: "#e2e8f0" }}
  />
);
const grid = <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />;
const tooltipLabel = (d: unknown) => formatDay(String(d), true);

export function OverviewCharts({
  data,
  plans,
}: {
  data: AdminChartPoint[];
  plans: { Free: number; Starter: number; Pro: number; Business: number };
}) {
  const money = useChartCurrency(data);
  const byCurrency = (p: AdminChartPoint): Partial<Record<string, number>> => p.revenue_by_currency;
  // Sales are the plotted currency's too (a day of dollar sales is not bars beside zero euros);
  // the tooltip names the day's sales in the other currencies.
  const rows = data.map((p) => ({
    ...p,
    inCurrency: toMajor(byCurrency(p)[money.currency] ?? 0, money.currency),
    sold: (p.sales_by_currency as Partial<Record<string, number>>)[money.currency] ?? 0,
    others: otherSales(p, money.currency),
  }));
  const [revenueAxis] = valueAxes(rows.map((r) => r.inCurrency)) as [ValueAxis];
  const [salesAxis] = valueAxes(rows.map((r) => r.sold)) as [ValueAxis];
  const [usersAxis] = valueAxes(rows.map((r) => r.users)) as [ValueAxis];
  const inMoney = (v: number) => formatAxisMoney(v, money.currency);
  const code = money.currencies.length > 1 ? ` (${money.currency.toUpperCase()})` : "";
  const pie = (Object.keys(plans) as (keyof typeof plans)[])
    .map((name) => ({ name, value: plans[name] }))
    .filter((p) => p.value > 0);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard
        title="Revenue Growth (Last 30 Days)"
        testId="chart-revenue"
        action={<CurrencySwitch currencies={money.currencies} value={money.currency} onChange={money.setCurrency} />}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={rows} margin={MARGIN}>
            <defs>
              <linearGradient id="admin-revenue" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={BRAND} stopOpacity={0.35} />
                <stop offset="100%" stopColor={BRAND} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            {grid}
            {xAxis}
            <YAxis {...yAxis(revenueAxis, inMoney)} />
            <Tooltip
              {...fitted(revenueAxis, inMoney)}
              labelFormatter={tooltipLabel}
              formatter={(_v, _name, item) => [
                formatMoney(byCurrency(item.payload as AdminChartPoint)[money.currency] ?? 0, money.currency),
                `Revenue (${money.currency.toUpperCase()})`,
              ]}
            />
            <Area
              type="monotone"
              dataKey="inCurrency"
              name="Revenue"
              stroke={BRAND}
              strokeWidth={2.5}
              fill="url(#admin-revenue)"
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={`Sales Volume${code}`} testId="chart-sales">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={MARGIN}>
            {grid}
            {xAxis}
            <YAxis {...yAxis(salesAxis, count)} />
            <Tooltip
              {...fitted(salesAxis, count)}
              labelFormatter={tooltipLabel}
              cursor={{ fill: "rgba(16,185,129,0.08)" }}
              formatter={(v, _name, item) => {
                const others = (item.payload as (typeof rows)[number]).others;
                return [others.length ? `${String(v)} (also ${others.join(", ")})` : String(v), `Sales${code}`];
              }}
            />
            <Bar dataKey="sold" name={`Sales${code}`} fill={EMERALD} radius={[4, 4, 0, 0]} maxBarSize={18} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="User Growth" testId="chart-users">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={MARGIN}>
            {grid}
            {xAxis}
            <YAxis {...yAxis(usersAxis, count)} />
            <Tooltip {...fitted(usersAxis, count)} labelFormatter={tooltipLabel} />
            <Line
              type="monotone"
              dataKey="users"
              name="New users"
              stroke={SKY}
              strokeWidth={2.5}
              dot={false}
              activeDot={{ r: 5 }}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Subscription Plan Distribution" testId="chart-plans">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={pie}
              dataKey="value"
              nameKey="name"
              innerRadius="45%"
              outerRadius="75%"
              paddingAngle={2}
              label={({ name, value }) => `${name}: ${value}`}
              labelLine={false}
            >
              {pie.map((p) => (
                <Cell key={p.name} fill={PLAN_COLOURS[p.name]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend verticalAlign="bottom" iconType="circle" wrapperStyle={{ fontSize: 13 }} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}

/** A value axis's props: its whole-unit ticks, labels and the room they need. */
const yAxis = (value: ValueAxis, format: (v: number) => string) => ({
  ...axis,
  domain: value.domain,
  ticks: value.ticks,
  interval: 0 as const,
  tickFormatter: tickLabels(value, format),
  width: axisWidth(value, format, 36),
});

/**
 * Tooltips no wider than their plot, their lines wrapping: recharts keeps a tooltip inside the
 * plot from its measured size, but its default box never wraps, so a long line ("1 (also 5 in
 * USD, 1 in EUR)") ran off a 390 px screen. The plot is the chart less its axis and margins: a
 * tooltip as wide as the whole chart, placed at the plot's left edge, ran over the card's padding.
 */
const fitted = (value: ValueAxis, format: (v: number) => string) => ({
  wrapperStyle: { maxWidth: `calc(100% - ${axisWidth(value, format, 36) + MARGIN.left + MARGIN.right}px)` },
  contentStyle: { whiteSpace: "normal" as const, overflowWrap: "anywhere" as const },
  // recharts colours a line's text as its series (emerald, sky): too faint on white to read.
  itemStyle: { color: "#334155" },
});

/** The day's sales in the currencies not plotted: ["1 in USD", "2 in JPY"], or none. */
function otherSales(p: AdminChartPoint, plotted: string): string[] {
  return Object.entries(p.sales_by_currency)
    .filter(([c, n]) => c !== plotted && n)
    .map(([c, n]) => `${n} in ${c.toUpperCase()}`);
}
