import type { ParamSource } from '../params/source.ts';
import type { Reply } from '../respond.ts';
import type { UserStore } from '../store.ts';
import type { ReferenceChoices } from '../choices.ts';

/** Everything a handler may use. Parameters are read lazily so a 404 can win over a bad body. */
export interface RequestContext {
  readonly store: UserStore;
  readonly now: () => number;
  readonly choices: ReferenceChoices;
  readonly query: () => ParamSource;
  readonly body: () => Promise<ParamSource>;
}

export type CollectionHandler = (ctx: RequestContext) => Reply | Promise<Reply>;
export type ItemHandler = (ctx: RequestContext, id: string) => Reply | Promise<Reply>;

/** The five operations every resource of the API has (spec §4). */
export interface ResourceRoutes {
  readonly list: CollectionHandler;
  readonly create: CollectionHandler;
  readonly retrieve: ItemHandler;
  readonly update: ItemHandler;
  readonly remove: ItemHandler;
}
