// The plate calculator without signal: SpotterCore's PlateMath.load, step for step.
// Weights are counted in hundredths, pairs of plates in both sides' total, and each
// load is made with the fewest pairs (heaviest first on a tie: 40 a side is 25 + 15).

/// 100, 2.5, 1.25: no trailing zeros (PlateMath.number).
export function plateNumber(value) {
  const hundredths = Math.round(value * 100);
  if (hundredths % 100 === 0) return String(hundredths / 100);
  return (hundredths / 100).toFixed(hundredths % 10 === 0 ? 1 : 2);
}

/// `{ target, weight, perSide, tiedWith, exact }` for `target` on `bar` with `plates`
/// (one side's choice, plenty of each): the closest loadable weight, the lower one
/// on a tie (`tiedWith` is the higher), just the bar below it.
export function plateLoad(target, bar, plates) {
  const loading = new Loading(bar, plates);
  const goal = Math.round(target * 100) - loading.bar;
  if (goal <= 0 || !loading.pairs.length) return result(target, bar, [], null);
  const table = loading.table(goal + loading.pairs[0]);
  const lower = table.lower(goal);
  const higher = table.higher(goal);
  let chosen = lower;
  let tied = null;
  if (higher !== null && higher - goal < goal - lower) chosen = higher;
  else if (higher !== null && higher !== lower && higher - goal === goal - lower) tied = higher;
  return result(target, loading.weight(chosen), table.plates(chosen), tied === null ? null : loading.weight(tied));
}

function result(target, weight, perSide, tiedWith) {
  return { target, weight, perSide, tiedWith, exact: Math.round(weight * 100) === Math.round(target * 100) };
}

const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));

class Loading {
  constructor(bar, plates) {
    this.bar = Math.round(bar * 100);
    const unique = [...new Set(plates.map((p) => Math.round(p * 100)).filter((p) => p > 0))];
    this.pairs = unique.sort((a, b) => b - a).map((p) => p * 2);
    this.grain = this.pairs.reduce(gcd, 0);
  }

  weight(load) { return (this.bar + load) / 100; }

  /// The fewest pairs for every multiple of `grain` up to `limit` (Infinity: none).
  table(limit) {
    const size = Math.floor(limit / this.grain) + 1;
    const fewest = new Array(size).fill(Infinity);
    fewest[0] = 0;
    for (let step = 1; step < size; step++) {
      for (const pair of this.pairs) {
        const rest = step - pair / this.grain;
        if (rest >= 0 && fewest[rest] + 1 < fewest[step]) fewest[step] = fewest[rest] + 1;
      }
    }
    return new Table(fewest, this);
  }
}

class Table {
  constructor(fewest, loading) {
    this.fewest = fewest;
    this.loading = loading;
  }

  lower(goal) {
    let step = Math.min(Math.floor(goal / this.loading.grain), this.fewest.length - 1);
    while (this.fewest[step] === Infinity) step--;
    return step * this.loading.grain;
  }

  higher(goal) {
    for (let step = Math.ceil(goal / this.loading.grain); step < this.fewest.length; step++) {
      if (this.fewest[step] !== Infinity) return step * this.loading.grain;
    }
    return null;
  }

  /// One side's plates for a load, heaviest first.
  plates(load) {
    const grain = this.loading.grain;
    let step = load / grain;
    const side = [];
    while (step > 0) {
      const pair = this.loading.pairs.find((p) => {
        const rest = step - p / grain;
        return rest >= 0 && this.fewest[rest] !== Infinity && this.fewest[rest] + 1 === this.fewest[step];
      });
      if (pair === undefined) break;
      side.push(pair / 2 / 100);
      step -= pair / grain;
    }
    return side;
  }
}
