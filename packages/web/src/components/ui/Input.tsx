import { forwardRef, type InputHTMLAttributes } from "react";
import { controlClasses, useField } from "./Field";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

/** Text input; inside a <Field> it is labelled and described automatically. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, className, id, ...rest }, ref) {
  const field = useField();
  const isInvalid = invalid ?? field?.invalid ?? false;
  return (
    <input
      ref={ref}
      id={id ?? field?.id}
      aria-invalid={isInvalid || undefined}
      aria-describedby={rest["aria-describedby"] ?? field?.describedBy}
      className={controlClasses(isInvalid, `h-10 ${className ?? ""}`)}
      {...rest}
    />
  );
});
