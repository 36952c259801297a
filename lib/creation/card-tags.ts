/** A catalogue tag the form can pick (POST /v1/tag/list's key and name). */
export interface TagChoice {
  key: string;
  name: string;
}
