import type { MetadataRoute } from "next";

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Kewl: chat with AI characters",
    short_name: "Kewl",
    description: "Browse, create and chat with AI characters.",
    start_url: "/",
    display: "standalone",
    background_color: "#0b0b12",
    theme_color: "#7c3aed",
    icons: [
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/icons/icon-maskable.svg", sizes: "any", type: "image/svg+xml", purpose: "maskable" },
    ],
  };
}
