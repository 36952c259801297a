// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRAWER_CLOSE_THRESHOLD, ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { setViewportWidth, stubMatchMedia } from "../helpers/match-media";

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <ResponsiveDialog
      open
      onOpenChange={onOpenChange}
      title="Choose your subscription"
      description="Pick a plan"
      footer={<button type="button">Purchase Now</button>}
    >
      <p>Plan cards</p>
    </ResponsiveDialog>,
  );
  return onOpenChange;
}

describe("ResponsiveDialog", () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    setViewportWidth(1280);
  });

  it("exports the SPEC close threshold", () => {
    expect(DRAWER_CLOSE_THRESHOLD).toBe(0.25);
  });

  it("is a centred Radix dialog at >= 640px", () => {
    setViewportWidth(640);
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Choose your subscription" });
    expect(dialog).toHaveProperty("dataset.state", "open");
    expect(dialog.hasAttribute("data-vaul-drawer")).toBe(false);
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
    expect(screen.getByText("Plan cards")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Purchase Now" })).toBeTruthy();
    expect(dialog.getAttribute("aria-describedby")).toBe(screen.getByText("Pick a plan").id);
  });

  it("is a vaul bottom drawer below 640px", () => {
    setViewportWidth(390);
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Choose your subscription" });
    expect(dialog.hasAttribute("data-vaul-drawer")).toBe(true);
    expect(dialog.getAttribute("data-vaul-drawer-direction")).toBe("bottom");
    expect(screen.getByText("Pick a plan")).toBeTruthy();
    expect(screen.getByText("Plan cards")).toBeTruthy();
  });

  it.each([
    ["dialog", 1280],
    ["drawer", 390],
  ])("Escape closes the %s", (_kind, width) => {
    setViewportWidth(width);
    const onOpenChange = renderDialog();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("the Close button closes the dialog", () => {
    const onOpenChange = renderDialog();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("works without a description and without Radix accessibility warnings", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ResponsiveDialog open onOpenChange={() => undefined} title="Welcome">
        body
      </ResponsiveDialog>,
    );
    expect(screen.getByRole("dialog", { name: "Welcome" }).hasAttribute("aria-describedby")).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    warn.mockRestore();
    error.mockRestore();
  });

  it("renders nothing while closed", () => {
    render(
      <ResponsiveDialog open={false} onOpenChange={() => undefined} title="Hidden">
        body
      </ResponsiveDialog>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it.each([
    ["dialog", 1280],
    ["drawer", 390],
  ])("the %s gives focus back to whatever opened it (not only a Radix trigger)", async (_kind, width) => {
    setViewportWidth(width);
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open plans
          </button>
          <ResponsiveDialog open={open} onOpenChange={setOpen} title="Choose your subscription">
            <button type="button">Inside</button>
          </ResponsiveDialog>
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open plans" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
