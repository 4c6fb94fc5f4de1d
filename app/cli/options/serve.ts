// The options of msgapi serve: where it listens, its users' tokens, and the faults and variant it makes.
import { repeatableOption, valueOption } from '../../../lib/core/config/option.ts';
import { parseNumber, parseText, parseToken } from '../../../lib/core/config/parse-values.ts';
import { helpOption } from '../../../lib/core/config/settings.ts';
import { faultNames, isFaultName, type FaultName } from '../../../reference/faults/registry.ts';
import { isVariantName, variantNames, type VariantName } from '../../../reference/variants/registry.ts';
import { unknownNameHint } from '../../../lib/core/config/near-miss.ts';
import type { Parsed } from '../../../lib/core/config/parse-values.ts';
import { newToken } from '../../../lib/core/target/new-token.ts';

const faultName = (raw: string): Parsed<FaultName> =>
  isFaultName(raw)
    ? { ok: true, value: raw }
    : { ok: false, problem: `No fault is called ${raw}; ${unknownNameHint(raw, faultNames)}` };
const variantName = (raw: string): Parsed<VariantName> =>
  isVariantName(raw)
    ? { ok: true, value: raw }
    : { ok: false, problem: `No variant is called ${raw}; ${unknownNameHint(raw, variantNames)}` };

const token = (raw: string, name: string) => parseToken(name, raw);

export const serveOptions = {
  port: valueOption({
    flag: 'port',
    metavar: 'N',
    help: 'Port to listen on.',
    parse: (raw, name) => parseNumber(name, raw, 0, 65_535, true),
    default: 0,
    defaultText: 'a free port',
  }),
  host: valueOption({
    flag: 'host',
    metavar: 'HOST',
    help: 'Address to listen on.',
    parse: (raw, name) => parseText(name, raw),
    default: '127.0.0.1',
  }),
  token: valueOption({
    flag: 'token',
    metavar: 'TOKEN',
    help: 'Token of the first user.',
    parse: token,
    secret: true,
    default: newToken,
    defaultText: 'a new random token',
  }),
  secondToken: valueOption({
    flag: 'second-token',
    metavar: 'TOKEN',
    help: 'Token of the second user.',
    parse: token,
    secret: true,
    default: newToken,
    defaultText: 'a new random token',
  }),
  fault: repeatableOption({
    flag: 'fault',
    metavar: 'NAME',
    help: "Switch on a seeded fault; 'msgapi matrix' proves the suite catches each. A name that is none says which there are; every fault is described in msgapi matrix's matrix.md.",
    parse: faultName,
    defaultText: 'none',
  }),
  variant: valueOption({
    flag: 'variant',
    metavar: 'NAME',
    help: 'Make the other choices one valid variant makes; a name that is none says which there are.',
    parse: variantName,
    defaultText: 'none',
  }),
  help: helpOption,
};
