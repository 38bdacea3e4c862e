// Whole-resource snippets of Kubernetes' own kinds most written by hand (issue 44): written out rather than
// derived from the schema, because what makes them useful is not in it — a Deployment's selector that
// matches its template's labels (the API server refuses one that does not), a container with an image and a
// port, a Service that selects the same pods. Each is offered where the targeted release serves its
// apiVersion; test/service/kubeSnippets.test.ts expands every one and checks it clean.

/** A snippet in VS Code's syntax: `${n:default}` tab stops (one number repeated: edited together), `${n|a,b|}`. */
export interface KubeSnippet {
  apiVersion: string;
  kind: string;
  /** What it writes, in a word (the completion item's detail). */
  about: string;
  body: string;
}

export const KUBE_SNIPPETS: readonly KubeSnippet[] = [
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    about: 'pods of one container, selected by their app label',
    body: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: \${1:web}
  namespace: \${2:default}
  labels:
    app: \${1:web}
spec:
  replicas: \${3:1}
  selector:
    matchLabels:
      app: \${1:web}
  template:
    metadata:
      labels:
        app: \${1:web}
    spec:
      containers:
        - name: \${1:web}
          image: \${4:nginx:1.27}
          ports:
            - containerPort: \${5:8080}
`,
  },
  {
    apiVersion: 'v1',
    kind: 'Service',
    about: 'a port in front of the pods of an app label',
    body: `apiVersion: v1
kind: Service
metadata:
  name: \${1:web}
  namespace: \${2:default}
spec:
  type: \${3|ClusterIP,NodePort,LoadBalancer|}
  selector:
    app: \${1:web}
  ports:
    - name: \${4:http}
      port: \${5:80}
      targetPort: \${6:8080}
`,
  },
  {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    about: 'configuration as string values',
    body: `apiVersion: v1
kind: ConfigMap
metadata:
  name: \${1:app-config}
  namespace: \${2:default}
data:
  \${3:key}: \${4:value}
`,
  },
  {
    apiVersion: 'v1',
    kind: 'Secret',
    about: 'an opaque secret written as plain strings (stringData)',
    body: `apiVersion: v1
kind: Secret
metadata:
  name: \${1:app-secret}
  namespace: \${2:default}
type: Opaque
stringData:
  \${3:key}: \${4:value}
`,
  },
  {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    about: 'a host and path routed to a Service port',
    body: `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: \${1:web}
  namespace: \${2:default}
spec:
  rules:
    - host: \${3:app.example.com}
      http:
        paths:
          - path: \${4:/}
            pathType: \${5|Prefix,Exact,ImplementationSpecific|}
            backend:
              service:
                name: \${6:web}
                port:
                  number: \${7:80}
`,
  },
  {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    about: 'a job on a schedule',
    body: `apiVersion: batch/v1
kind: CronJob
metadata:
  name: \${1:nightly}
  namespace: \${2:default}
spec:
  schedule: "\${3:0 3 * * *}"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: \${4|OnFailure,Never|}
          containers:
            - name: \${5:job}
              image: \${6:busybox:1.36}
              command: ["sh", "-c", "\${7:date}"]
`,
  },
];

/** The text a snippet inserts when every tab stop keeps its default and every choice its first value. */
export function filledSnippet(body: string): string {
  return body.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1');
}
