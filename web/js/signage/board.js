// A board's state on a screen: whole from a `total` event, then each `change` (the total, the
// count, only the channels and hours that moved, and what moved in the pace) applied. The twin
// of BoardTotals.apply and SalesPace.apply.

export function applyChange(state, change) {
  const channels = new Map(state.channels.map((c) => [c.channel, c]));
  for (const c of change.channels) channels.set(c.channel, c);
  const moved = new Map(change.hours.map((h) => [Date.parse(h.start), h.amount]));
  const next = {
    ...state,
    total: change.total,
    sales: change.sales,
    version: change.version,
    at: change.at,
    channels: sortChannels([...channels.values()]),
    hours: state.hours.map((h) => (moved.has(Date.parse(h.start)) ? { ...h, amount: moved.get(Date.parse(h.start)) } : h)),
  };
  if (change.pace && state.pace) next.pace = applyPace(state.pace, change.pace);
  next.orders = change.orders;
  next.refunded = change.refunded;
  if (change.products) next.products = change.products;
  if (change.stores) next.stores = change.stores;
  return next;
}

/** Today's line kept up to `todayFrom`, then the change's points; a reference day's line whole when sent. */
export function applyPace(pace, change) {
  const next = { ...pace, todayTotal: change.todayTotal, yesterdayAtThisTime: change.yesterdayAtThisTime,
    lastWeekAtThisTime: change.lastWeekAtThisTime, projection: change.projection,
    today: [...pace.today.slice(0, change.todayFrom), ...change.today] };
  // Absent figures are absent (a board without a goal has no projected total), as the server writes them.
  for (const key of ["projectedTotal", "goalMet"]) { if (key in change) next[key] = change[key]; else delete next[key]; }
  if (change.yesterday) next.yesterday = change.yesterday;
  if (change.lastWeek) next.lastWeek = change.lastWeek;
  return next;
}

// Largest first; equal amounts by name.
export function sortChannels(channels) {
  return channels.sort((a, b) => b.amount - a.amount || (a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0));
}
