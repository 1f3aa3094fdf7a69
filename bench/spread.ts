/**
 * The kinds of request the benchmark sends, each drawing its keys at random per request (in wrk's Lua, so
 * the load generator stays light) from the spread real shoppers and crawlers make:
 *
 * - leaf list: one of the 1,000 leaf categories, one of the 5 sorts, page 1-5;
 * - top category deep page: one of the 10 top categories (a tenth of the shop each), page 1-50;
 * - word search: one of 20 nouns in an inflected form ('чайники', 'кастрюлю': about 5 % of the offers each);
 * - two-word search: a noun and a brand, or an adjective and a noun (about 0.25-0.5 % match both);
 * - misspelt search: one of 32 queries that find nothing as typed (typos, the English layout, Latin letters), corrected;
 * - suggestions: api=suggest for one of the nouns' first 3-5 letters or a misspelt start;
 * - cart: 20 random ids of the whole catalogue;
 * - item: a random id;
 * - server-rendered list page: any of the 1,110 categories, page 1-5 (GET /category/<path>/<page>);
 * - server-rendered item page: one of 2,000 offers spread over the ids (GET /category/<path>/item/<id>);
 * - filters of a category: any of the 1,110 categories;
 * - the category tree and one leaf's first page: one key each, so these are the answer cache's figures.
 *
 * `mix`: the kind's share of the mixed run (lists 45 %, items 25 %, search 15 %, cart 10 %, rendered pages 5 %).
 */
import { COMMON_FILTERS } from '../schemas';
import type { Fixture } from './fixture';
import { baseIdOf } from './generate';

export interface Kind {
  id: string;
  name: string;
  /** Share of the mixed run in %, 0: not in it. */
  mix: number;
  /** The issue's goal at 1M products, spread keys, cache as shipped (×H), and a p99 bound in ms where it names one. */
  goal?: { ratio: number; p99?: number };
  /** A Lua function returning method, path and body (nil: a GET). */
  lua: string;
  /** Needs the built storefront (dist/). */
  page?: boolean;
}

const NOUN_FORMS = ['чайники', 'кастрюлю', 'сковороды', 'тарелки', 'кружку', 'ножи', 'лампы', 'стулья', 'столы', 'полки', 'коврики', 'пледы', 'подушки', 'зонты', 'рюкзаки', 'сумку', 'кошелек', 'ремень', 'шарфы', 'перчатку'];
const ADJECTIVE_FORMS = ['красивые', 'удобные', 'лёгкие', 'прочные', 'большие', 'компактные', 'классические', 'современные', 'яркие', 'тёплые'];
const BRANDS = ['альфа', 'бета', 'гамма', 'дельта', 'эпсилон', 'зета', 'эта', 'тета', 'йота', 'каппа', 'лямбда', 'мю', 'ню', 'кси', 'омикрон', 'пи', 'ро', 'сигма', 'тау', 'ипсилон'];
const SORTS = ['default', 'increase', 'descend', 'discount', 'date'];
/**
 * Queries that find nothing as typed (none is a word or a word's start of the catalogue): the 20 nouns misspelt
 * (a letter wrong, missing, doubled or heard wrong), typed with the English layout on, or in Latin letters.
 */
const MISSPELT = [
  'чайнег', 'чйник', 'кострюля', 'скаварода', 'торелка', 'крушка', 'лямпа', 'стюл', 'стлол', 'палка', 'коврек', 'плет', 'падушка', 'зонд',
  'рюкзок', 'суммка', 'кашелек', 'римень', 'шарв', 'перчятки',
  'xfqybr', 'rfcnh.kz', 'crjdjhjlf', 'gktl', 'gjlei', 'hferpfr',
  'chaynik', 'kastryulya', 'skovoroda', 'podushka', 'ryukzak', 'perchatki',
];
/** What a suggestion list is asked while a word is typed: the nouns' first 3-5 letters, and a few misspelt starts. */
const STARTS = [...NOUN_FORMS.flatMap((w) => [3, 4, 5].filter((n) => n < w.length).map((n) => w.slice(0, n))), 'чйни', 'кострю', 'падуш', 'xfqy', 'chayn'];

/** A Lua table of ASCII strings (everything is percent-encoded first). */
const luaList = (values: string[]) => `{${values.map((v) => JSON.stringify(v)).join(',')}}`;
/** As a form body encodes it (spaces as +). */
const form = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
const P = (name: string) => form(name);

export function kinds(fixture: Fixture, size: number): Kind[] {
  const { shape } = fixture;
  const biggestLeaf = shape.leaves.slice(0, 100).sort((a, b) => (shape.offersByLeaf.get(b) ?? 0) - (shape.offersByLeaf.get(a) ?? 0) || Number(a) - Number(b))[0];
  const category = P('p[287_categoryId]');
  return [
    {
      id: 'leaf',
      name: 'leaf list, 5 sorts, pages 1-5',
      mix: 30,
      goal: { ratio: 0.15 },
      lua: `function() local s = pick(SORTS); return "POST", "/api?api=offers", "${category}=" .. pick(LEAVES) .. "&offset=" .. R(5) .. (s == "" and "" or "&sort=" .. s) end`,
    },
    {
      id: 'top',
      name: 'top category, pages 1-50',
      mix: 15,
      goal: { ratio: 0.15 },
      lua: `function() return "POST", "/api?api=offers", "${category}=" .. pick(TOPS) .. "&offset=" .. R(50) end`,
    },
    { id: 'search', name: 'word search (20 nouns, inflected)', mix: 10, goal: { ratio: 0.05, p99: 250 }, lua: `function() return "POST", "/api?api=offers", "value=" .. pick(NOUNS) .. "&offset=1" end` },
    {
      id: 'search2',
      name: 'two-word search',
      mix: 5,
      goal: { ratio: 0.05, p99: 250 },
      lua: `function() local v; if R(2) == 1 then v = pick(NOUNS) .. "+" .. pick(BRANDS) else v = pick(ADJECTIVES) .. "+" .. pick(NOUNS) end; return "POST", "/api?api=offers", "value=" .. v .. "&offset=1" end`,
    },
    {
      id: 'typo',
      name: 'misspelt, wrong-layout or Latin word search (32 queries)',
      mix: 0,
      goal: { ratio: 0.05, p99: 150 },
      lua: `function() return "POST", "/api?api=offers", "value=" .. pick(MISSPELT) .. "&offset=1" end`,
    },
    { id: 'suggest', name: 'suggestions for a started word (the nouns\' first letters, misspelt starts)', mix: 0, goal: { ratio: 0.05, p99: 150 }, lua: `function() return "POST", "/api?api=suggest", "value=" .. pick(STARTS) end` },
    {
      id: 'cart',
      name: 'cart, 20 random ids',
      mix: 10,
      goal: { ratio: 0.2 },
      lua: `function() local t = {}; for i = 1, 20 do t[i] = R(N) end; return "POST", "/api?api=offers", "ids=" .. table.concat(t, "%2C") end`,
    },
    { id: 'item', name: 'item, random id', mix: 25, goal: { ratio: 0.2 }, lua: `function() return "POST", "/api?api=offers", "${P('p[478_offer_id]')}=" .. R(N) end` },
    { id: 'page', name: 'rendered list page, any category, pages 1-5', mix: 2.5, goal: { ratio: 0.05 }, page: true, lua: `function() return "GET", "/category/" .. pick(PATHS) .. "/" .. R(5), nil end` },
    { id: 'itempage', name: 'rendered item page', mix: 2.5, goal: { ratio: 0.05 }, page: true, lua: `function() return "GET", "/category/" .. pick(ITEMS), nil end` },
    { id: 'filters', name: 'filters of any category', mix: 0, lua: `function() return "POST", "/api?api=offers_params", "${P('p[389_categoryId]')}=" .. pick(CATEGORIES) end` },
    { id: 'colour', name: 'top category, colour filter, random value', mix: 0, lua: `function() return "POST", "/api?api=offers", "${category}=" .. pick(TOPS) .. "&${P(`filter[${baseIdOf('Цвет')}]`)}=" .. R(10) end` },
    { id: 'pickup', name: 'leaf list, pick-up filter', mix: 0, lua: `function() return "POST", "/api?api=offers", "${category}=" .. pick(LEAVES) .. "&${P(`filter[${COMMON_FILTERS.shop}]`)}=1" end` },
    { id: 'tree', name: 'category tree (one key: the cache\'s figure)', mix: 0, lua: `function() return "POST", "/api?api=offers_category", "" end` },
    { id: 'onekey', name: 'one leaf page, one key (the cache\'s figure)', mix: 0, lua: `function() return "POST", "/api?api=offers", "${category}=${biggestLeaf}&offset=1" end` },
  ].map((k) => ({ ...k, lua: k.lua.replace(/\bN\b/g, String(size)) }));
}

/**
 * The wrk script: the data, the chosen kinds with their weights, and per request a kind and its keys drawn at
 * random. `track` (one connection per wrk thread, so a thread's requests and answers alternate): each answer's
 * kind, latency (ms, CLOCK_MONOTONIC through LuaJIT's ffi) and status go to a file per thread under `dir`.
 */
export function luaScript(fixture: Fixture, chosen: { kind: Kind; weight: number }[], opts: { track?: string } = {}): string {
  const categories = fixture.categoryPaths.map((p) => p.split('-').at(-1)!);
  return `
local R = math.random
local function pick(t) return t[R(#t)] end
local LEAVES = ${luaList(fixture.shape.leaves)}
local TOPS = ${luaList(fixture.shape.tops)}
local CATEGORIES = ${luaList(categories)}
local PATHS = ${luaList(fixture.categoryPaths)}
local ITEMS = ${luaList(fixture.sample.map((s) => `${s.path}/item/${s.id}`))}
local SORTS = ${luaList(SORTS.map((s) => (s === 'default' ? '' : form(JSON.stringify(s)))))}
local NOUNS = ${luaList(NOUN_FORMS.map(form))}
local ADJECTIVES = ${luaList(ADJECTIVE_FORMS.map(form))}
local BRANDS = ${luaList(BRANDS.map(form))}
local MISSPELT = ${luaList(MISSPELT.map(form))}
local STARTS = ${luaList(STARTS.map(form))}
local KINDS = {${chosen.map(({ kind, weight }, i) => `\n  {i = ${i + 1}, w = ${weight}, gen = ${kind.lua}}`).join(',')}
}
local TOTAL = 0
for _, k in ipairs(KINDS) do TOTAL = TOTAL + k.w; k.cum = TOTAL end
local FORM = {["Content-Type"] = "application/x-www-form-urlencoded", ["Accept-Encoding"] = "gzip, deflate, br"}
local PLAIN = {["Accept-Encoding"] = "gzip, deflate, br"}
local TRACK = ${opts.track ? JSON.stringify(opts.track) : 'nil'}

local count = 0
function setup(thread)
  count = count + 1
  thread:set("thread_no", count)
end

local now, f, cur, t0
function init(args)
  math.randomseed(thread_no * 7919 + os.time())
  if TRACK then
    local ffi = require("ffi")
    ffi.cdef[[typedef struct { long tv_sec; long tv_nsec; } bench_ts; int clock_gettime(int, bench_ts *);]]
    local ts = ffi.new("bench_ts")
    now = function() ffi.C.clock_gettime(1, ts); return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6 end
    f = io.open(TRACK .. "/lat." .. thread_no, "w")
  end
end

local function choose()
  local r = math.random() * TOTAL
  for _, k in ipairs(KINDS) do if r < k.cum then return k end end
  return KINDS[#KINDS]
end

function request()
  local k = choose()
  cur = k.i
  local m, p, b = k.gen()
  if TRACK then t0 = now() end
  return wrk.format(m, p, b and FORM or PLAIN, b)
end

if TRACK then
  function response(status, headers, body)
    f:write(cur, " ", string.format("%.3f", now() - t0), " ", status, "\\n")
  end
end
`;
}
