// A tap beside the pieces reaches the nearest clickable route or city within a finger's reach.
import { describe, expect, it } from 'vitest';
import { layoutBoard } from '../src/board/layout';
import { nearestTarget } from '../src/board/touch';
import { readMap } from './maps';

const layout = layoutBoard(readMap('europe'));
const all = () => true;
const none = () => false;

describe('nearestTarget', () => {
  // a car of a route, and a point beside it, `gap` units off its long side
  const route = layout.routes.find((r) => r.route.cities.includes('Madrid') && r.route.cities.includes('Lisboa'))!;
  const car = route.cars[0];
  const beside = (gap: number) => {
    const a = (car.angle * Math.PI) / 180;
    const off = car.wid / 2 + gap;
    return { x: car.x - Math.sin(a) * off, y: car.y + Math.cos(a) * off };
  };

  it('reaches the route beside the tap, within the reach and not beyond', () => {
    expect(nearestTarget(layout, beside(3), 5, all, none)).toEqual({ route: route.id });
    expect(nearestTarget(layout, beside(6), 5, all, none)).toBeNull();
  });

  it('takes only what can be clicked now', () => {
    expect(nearestTarget(layout, beside(3), 5, (id) => id !== route.id, none)).toBeNull();
  });

  it('takes the nearer of a route and a city', () => {
    const city = layout.cities.find((c) => c.name === 'Lisboa')!;
    const p = { x: city.x + city.r + 1, y: city.y };
    expect(nearestTarget(layout, p, 4, none, all)).toEqual({ city: 'Lisboa' });
    // the same point: the city's edge (1 unit away) is nearer than any car
    expect(nearestTarget(layout, p, 4, all, all)).toEqual({ city: 'Lisboa' });
    expect(nearestTarget(layout, p, 0.5, all, all)).toBeNull();
  });
});
