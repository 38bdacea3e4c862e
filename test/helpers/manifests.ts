// The StorageAccount manifest the service, protocol and analysis tests share: valid as it is, with the
// fields a test varies as options (a name, a TLS version to get wrong, the domain, the access tier).
export interface AccountOptions {
  name?: string;
  /** The domain of the group (`storage.<domain>/v20220901`). */
  domain?: string;
  minimumTlsVersion?: string;
  /** `null` leaves the field out. */
  accessTier?: string | null;
}

export const storageAccount = ({
  name = 'acct',
  domain = 'example.org',
  minimumTlsVersion = 'TLS1_2',
  accessTier = 'Hot',
}: AccountOptions = {}): string => `apiVersion: storage.${domain}/v20220901
kind: StorageAccount
metadata:
  name: ${name}
spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
${accessTier === null ? '' : `  accessTier: ${accessTier}\n`}  minimumTlsVersion: ${minimumTlsVersion}
`;
