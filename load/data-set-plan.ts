// How large a data set msgapi load seeds by default: apart from data-set.ts, so that the option
// table (and msgapi load --help) reads it without loading the client.
export interface DataSetPlan {
  conversations: number;
  groups: number;
}

export const defaultPlan: DataSetPlan = { conversations: 1000, groups: 100 };
