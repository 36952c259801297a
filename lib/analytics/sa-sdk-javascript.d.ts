/**
 * The parts of sa-sdk-javascript 1.27.11 (ES module builds) this app uses. The package's own declarations type
 * every argument as `object` or `any`, and none exist for the ES module files or the plugins.
 */
declare module "sa-sdk-javascript/dist/web/sensorsdata.es6.js" {
  export interface SensorsBuiltEvent {
    properties: Record<string, unknown>;
  }

  export interface Sensors {
    use(plugin: object, options?: object): unknown;
    init(options: object): void;
    track(event: string, properties?: Record<string, unknown>): void;
    login(id: string): void;
    logout(newAnonymousId?: boolean): void;
    /** Properties added to every event of this page load (register() would also keep them in the cookie). */
    registerPage(properties: Record<string, string | number | boolean>): void;
    /** `properties` may change any event's properties just before it is stored or sent. */
    registerPropertyPlugin(plugin: { properties(event: SensorsBuiltEvent): void }): void;
  }

  const sensors: Sensors;
  export default sensors;
}

declare module "sa-sdk-javascript/dist/web/plugin/pageleave/index.es6.js" {
  const pageLeave: object;
  export default pageLeave;
}
