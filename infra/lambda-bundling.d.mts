export declare const LAMBDA_RUNTIME: "nodejs22.x";
export declare const LAMBDA_NODEJS: {
  plugins: string;
  minify: boolean;
  esbuild: { external: string[]; define: Record<string, string> };
  install: Record<string, string>;
};
