export declare const TEST_CLIENT: { id: string; secret: string };
export declare function startOidcTestProvider(options: {
  port?: number;
  redirectUris: string[];
}): Promise<{ issuer: string; close(): Promise<void> }>;
